import type { z } from 'zod';
import type { FieldProblem } from '../../api/schemas/endpoint.ts';
import { formRecord, type FormFields } from '../../domain/account/accountForms.ts';
import { issueProblems, type MessageLanguage } from './fieldMessages.ts';

/**
 * The one body reader of the shop's endpoints: the body's type decides how it is read (JSON, an
 * HTML form's urlencoded fields, a beacon's text), it is read up to a size and parsed with the
 * definition's zod schema. Whatever comes, the outcome is the body or the problem with it
 * (413 too large, 415 a type this endpoint does not take, 400 naming the fields): never a throw.
 */

/** What an endpoint takes as its body. */
export interface BodyRule<B> {
  schema: z.ZodType<B>;
  /** JSON bodies (`application/json`, or no type at all) are taken unless this is false. */
  json?: boolean;
  /** A plain HTML form's fields as the schema's input (no-JavaScript posts); absent, a form is refused. */
  form?: (fields: FormFields, now: Date) => unknown;
  /**
   * A beacon's body is JSON whatever its type: `navigator.sendBeacon` sends a string as
   * `text/plain`, a Blob with the type it was given or none.
   */
  beacon?: boolean;
  /** Bytes at most; the default is a few small fields' worth. */
  maxBytes?: number;
}

/** Account forms, the auth modal's bodies: a few small fields. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export type BodyKind = 'json' | 'form' | 'text' | 'other';

/** How a body is to be read, by its Content-Type (none: JSON, as a script's empty POST). */
export function bodyKind(request: Request): BodyKind {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type === '') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'text/plain') return 'text';
  return 'other';
}

/** Whether `rule` (none: an endpoint whose body is ignored) takes a body of `kind`. */
export function takesBody(rule: BodyRule<unknown> | undefined, kind: BodyKind): boolean {
  if (rule?.beacon === true) return true;
  if (kind === 'json') return rule?.json !== false;
  if (kind === 'form') return rule === undefined || rule.form !== undefined;
  return false;
}

/** The body's text, or null when it is larger than `maxBytes` (or cannot be read). */
async function boundedText(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) return null;
  const text = await request.text().catch(() => null);
  return text === null || new TextEncoder().encode(text).length > maxBytes ? null : text;
}

export type BodyRead<B> =
  /** `fields`: a form post's fields as posted (what its page shows again after a refusal). */
  | { ok: true; body: B; fields: FormFields }
  | { ok: false; status: 413; fields: FormFields }
  | { ok: false; status: 400; problems: FieldProblem[]; fields: FormFields };

const NO_FIELDS: FormFields = {};

/**
 * Reads and parses the body of a request whose kind `rule` takes (see takesBody). An endpoint
 * without a rule reads nothing but the size: its body, whatever it is, is not looked at.
 */
export async function readBody<B>(
  request: Request,
  rule: BodyRule<B> | undefined,
  { t, locale }: MessageLanguage,
  now: Date,
): Promise<BodyRead<B | undefined>> {
  const text = await boundedText(request, rule?.maxBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (text === null) return { ok: false, status: 413, fields: NO_FIELDS };
  if (rule === undefined) return { ok: true, body: undefined, fields: NO_FIELDS };
  let raw: unknown;
  let fields = NO_FIELDS;
  if (bodyKind(request) === 'form' && rule.form) {
    fields = formRecord(text);
    raw = rule.form(fields, now);
  } else if (text.trim() === '') {
    raw = {};
  } else {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, status: 400, problems: [{ field: 'body', message: t('accountErrors.field') }], fields };
    }
  }
  const parsed = rule.schema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data, fields };
  return { ok: false, status: 400, problems: issueProblems(parsed.error.issues, { t, locale }), fields };
}
