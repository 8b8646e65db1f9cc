import { z } from 'zod';

/**
 * The answers of the shop's own endpoints (DESIGN §7b: sign-in, account, wish lists, the signed-in
 * order, the no-JavaScript basket, analytics), shared by the server (src/server/endpoints) and the
 * browser's caller (src/api/endpointCall.ts). A refusal is the services' own shape (the user and
 * order services' error bodies), so one reader serves every endpoint and every service alike.
 */

/** One field's problem: the body's field name (`items.0.quantity` for a nested one) and its message. */
export const fieldProblemSchema = z.object({ field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

/**
 * Every refusal: `code` is a service's code (spec accounts §8, the order service's) or the HTTP
 * status of the storefront's own refusal (400 a malformed body, 401 signed out, 403 another site,
 * 413, 415, 429, 503 …); `message` is in the page's language; `fields` the problems per field, empty
 * for a message of the whole form.
 */
export const endpointRefusalSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  fields: z.array(fieldProblemSchema),
});
export type EndpointRefusal = z.infer<typeof endpointRefusalSchema>;

/**
 * What an account action answers a script when it is done (a form post gets a 303 back to its page
 * with the message as a flash instead): the message, where a form would have gone next, and what it
 * hands back to a script (the hearts' wished products).
 */
export const doneAnswerSchema = z.object({
  message: z.string(),
  location: z.string().optional(),
  data: z.unknown().optional(),
});
export type DoneAnswer = z.infer<typeof doneAnswerSchema>;
