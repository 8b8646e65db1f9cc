import { accountPagePath, type AccountPage } from '../../domain/account/accountPages.ts';
import { type FormFields, SECRET_FIELDS } from '../../domain/account/accountForms.ts';
import { keepFlash } from '../account/accountFlash.ts';
import type { AuthContext } from '../session/authContext.ts';
import { redirectResponse, refusalPage, scriptAnswer } from './endpointAnswer.ts';
import { fieldRecord, type Outcome } from './outcomes.ts';

/**
 * Post/redirect/get for the account pages' plain HTML forms (no script): a post is answered 303
 * back to its form on its page, with a one-time flash in the session (src/server/account/
 * accountFlash.ts) that says what happened: done, or the problems per field and what was typed
 * (never a password), so nothing typed is lost.
 */

/** Where a plain form's post goes back to. */
export interface FormReturn<P> {
  page: AccountPage;
  /** The form's id on its page (where its flash shows, the 303's anchor), from the path's parameters. */
  form(params: P): string;
  /** The page's path with its query when the form is not on the page's first view (`?page=2`). */
  pagePath?(ctx: AuthContext): string;
}

/** What a form's page may show again after a refusal: what was typed, less anything secret, bounded. */
function echoValues(fields: FormFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!SECRET_FIELDS.has(name) && name.length <= 40) values[name] = value.slice(0, 300);
  }
  return values;
}

/**
 * The answer to a plain form's post: with a way back, done and refused go back with their flash;
 * without one (the basket's forms, the logout button), a redirect the handler chose, or a small page
 * saying what was refused.
 */
export function formReturnAnswer<P>(
  ctx: AuthContext,
  formReturn: FormReturn<P> | undefined,
  outcome: Outcome,
  fields: FormFields,
  params: P,
): Response {
  if (formReturn && (outcome.kind === 'done' || outcome.kind === 'refused')) {
    const done = outcome.kind === 'done';
    const form = (done ? outcome.form : undefined) ?? formReturn.form(params);
    keepFlash(ctx.session, {
      form,
      ok: done,
      message: done ? outcome.message : outcome.refusal.message,
      fields: done ? {} : fieldRecord(outcome.refusal.fields),
      values: done ? {} : echoValues(fields),
    });
    const page = formReturn.pagePath?.(ctx) ?? accountPagePath(formReturn.page, ctx.locale);
    return redirectResponse((done ? outcome.location : undefined) ?? `${page}#${form}`);
  }
  if (outcome.kind === 'refused') return refusalPage(ctx, outcome);
  if (outcome.kind === 'done' && outcome.location !== undefined) return redirectResponse(outcome.location);
  return scriptAnswer(outcome);
}
