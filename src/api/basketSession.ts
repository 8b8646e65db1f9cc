import { z } from 'zod';

/**
 * The storefront's own endpoint for the basket the server keeps for a shopper without
 * JavaScript (src/server/basket/basketForms.ts): once the browser's basket has taken those lines
 * in, the server forgets that version of them. Same origin, the session cookie rides along.
 */
export const SERVER_BASKET_CLEAR_PATH = '/api/basket/session/clear';

const clearAnswerSchema = z.object({ cleared: z.boolean() });

/** Asks the server to forget `version` of its lines; true when it did (false: they changed meanwhile). */
export async function forgetServerBasket(version: string, timeoutMs = 5000): Promise<boolean> {
  const response = await fetch(SERVER_BASKET_CLEAR_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ version }),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return clearAnswerSchema.parse(await response.json()).cleared;
}
