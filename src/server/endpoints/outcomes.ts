import type { EndpointRefusal, FieldProblem } from '../../api/schemas/endpoint.ts';

/**
 * What an endpoint's handler comes to, before it is an HTTP answer: the definition answers it as
 * JSON to a script, or as a page to a plain HTML form (post/redirect/get with a flash), so a handler
 * never asks which (src/server/endpoints/endpointAnswer.ts).
 */
export type Outcome =
  /** A JSON body for a script (the session, the order, the wish lists' state …). */
  | { kind: 'answer'; body: unknown; status: number; headers: Readonly<Record<string, string>> }
  /**
   * An account action done: `message` for the shopper; `location` where a form post goes next
   * (default: its form on its page); `form` the form the flash is for; `data` what a script gets back.
   */
  | { kind: 'done'; message: string; location?: string; form?: string; data?: unknown }
  /** Refused: the envelope with the HTTP status it is answered with. */
  | { kind: 'refused'; status: number; refusal: EndpointRefusal; headers: Readonly<Record<string, string>> }
  | { kind: 'redirect'; location: string; status: 302 | 303 }
  | { kind: 'noContent' };

export type Refused = Extract<Outcome, { kind: 'refused' }>;
export type Done = Extract<Outcome, { kind: 'done' }>;

/** A JSON answer (200 unless told). */
export function answer(body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Outcome {
  return { kind: 'answer', body, status, headers };
}

export function done(message: string, location?: string, form?: string): Done {
  return {
    kind: 'done',
    message,
    ...(location === undefined ? {} : { location }),
    ...(form === undefined ? {} : { form }),
  };
}

/** A refusal with its fields as the envelope lists them; `code` is the status unless a service gave one. */
export function refusedWith(
  status: number,
  message: string,
  fields: readonly FieldProblem[] = [],
  code: number = status,
  headers: Readonly<Record<string, string>> = {},
): Refused {
  return { kind: 'refused', status, refusal: { code, message, fields: [...fields] }, headers };
}

/** A refusal with one message per field (`{ password: 'Неверный пароль' }`), as the account forms show them. */
export function refused(status: number, message: string, fields: Readonly<Record<string, string>> = {}): Refused {
  return refusedWith(
    status,
    message,
    Object.entries(fields).map(([field, problem]) => ({ field, message: problem })),
  );
}

export function redirectTo(location: string, status: 302 | 303 = 303): Outcome {
  return { kind: 'redirect', location, status };
}

export const noContent: Outcome = { kind: 'noContent' };

/** The envelope's fields as one message per field (the first), as a form's page shows them. */
export function fieldRecord(fields: readonly FieldProblem[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { field, message } of fields) record[field] ??= message;
  return record;
}
