import { z } from 'zod';
import type { HttpClient } from '../../api/http.ts';
import type { FormFields } from '../../domain/account/accountForms.ts';
import type { AccountPage } from '../../domain/account/accountPages.ts';
import { kyivToday } from '../../domain/account/kyivDate.ts';
import type { AuthContext } from '../session/authContext.ts';
import { defineEndpoint, type Endpoint, type EndpointCall, type ShopperApi } from '../endpoints/defineEndpoint.ts';
import { done, type Outcome, type Refused } from '../endpoints/outcomes.ts';
import { accountServiceRefusal } from './accountRefusals.ts';
import type { MessageKey } from '../../i18n/messageKey.ts';

/**
 * The account endpoints' definition (src/pages/api/account/**): a signed-in shopper's action, its
 * form on an account page (a plain form post comes back there with a flash), its body as JSON or
 * as the form's fields, and the user service's refusals in the page's language
 * (accountRefusals.ts). The rest is every endpoint's (src/server/endpoints/defineEndpoint.ts).
 */
export interface AccountAction<B, P> {
  /** The page the form is on. */
  page: AccountPage;
  /** The form's id there (where its flash shows, the 303's anchor). */
  form: (params: P) => string;
  /** The page's path with its query when the form is not on the page's first view (`?page=2`). */
  pagePath?: (ctx: AuthContext) => string;
  params?: z.ZodType<P>;
  /** The body; absent: the action takes none (a delete, a resend). */
  schema?: z.ZodType<B>;
  /** The form's fields as the schema's input (src/domain/account/accountForms.ts). */
  fromForm?: (fields: FormFields, thisYear: number) => unknown;
  handle: (call: EndpointCall<B, P> & { shopper: ShopperApi }) => Promise<Outcome>;
  /** A service's refusal the action words its own way (wish lists, reviews); default accountServiceRefusal. */
  serviceRefusal?: (error: unknown, ctx: AuthContext) => Refused | null;
}

/** The endpoint of an account action. */
export function accountAction<B = undefined, P = undefined>(action: AccountAction<B, P>): Endpoint {
  const { page, form, pagePath, params, schema, fromForm, handle, serviceRefusal = accountServiceRefusal } = action;
  const readForm = fromForm ?? (() => ({}));
  return defineEndpoint<B, P>({
    who: 'shopper',
    formReturn: { page, form, ...(pagePath ? { pagePath } : {}) },
    ...(params ? { params } : {}),
    ...(schema
      ? { body: { schema, form: (fields, now) => readForm(fields, Number(kyivToday(now).slice(0, 4))) } }
      : {}),
    serviceRefusal,
    handle,
  });
}

/** A path id: digits only, within what the services store; anything else is no id (a 404). */
const pathId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);

/** `/{id}` of a record of the shopper's. */
export const idParams = z.object({ id: pathId });
/** `/{id}/items/{itemId}` of a wish list. */
export const itemParams = z.object({ id: pathId, itemId: pathId });

/**
 * An action on one of the shopper's records that takes no body (a delete, a default): the service's
 * call with the path's id, then the message of `messageKey`. Another shopper's id is the service's 404.
 */
export function recordAction(
  page: AccountPage,
  form: string,
  change: (api: HttpClient, id: number) => Promise<unknown>,
  messageKey: MessageKey,
): Endpoint {
  return accountAction({
    page,
    form: () => form,
    params: idParams,
    async handle({ shopper, params: { id }, ctx }) {
      await change(shopper.api, id);
      return done(ctx.t(messageKey));
    },
  });
}
