import { z } from 'zod';
import { callEndpoint } from './endpointCall.ts';

/**
 * The storefront's own endpoint for the basket the server keeps for a shopper without
 * JavaScript (src/server/basket/basketForms.ts): once the browser's basket has taken those lines
 * in, the server forgets that version of them. Over the shop's one endpoint caller.
 */
export const SERVER_BASKET_CLEAR_PATH = '/api/basket/session/clear';

const clearAnswerSchema = z.object({ cleared: z.boolean() });

/**
 * Asks the server to forget `version` of its lines; true when it did (false: they changed
 * meanwhile). Throws when it could not be asked: the basket store logs it and tries at a later page.
 */
export async function forgetServerBasket(version: string, timeoutMs = 5000): Promise<boolean> {
  const result = await callEndpoint(SERVER_BASKET_CLEAR_PATH, clearAnswerSchema, { body: { version }, timeoutMs });
  if (!result.ok) throw new Error(result.status > 0 ? `HTTP ${result.status}` : result.refusal.message);
  return result.value.cleared;
}
