import { z } from 'zod';
import { BASKET_LIMITS } from '../../api/schemas/basket.ts';
import type { SessionStore } from '../session/authContext.ts';

/**
 * The basket of a shopper without JavaScript (or whose tap came before the page's script): the
 * add-to-basket form posts here, the server keeps the lines in the shopper's session, and the
 * basket page shows them. Once JavaScript runs, the basket island takes these lines into the
 * browser's basket (local-first, spec §4) and asks the server to forget them; `version` makes that
 * hand-over idempotent (a reload never adds the same lines twice).
 */

const SESSION_KEY = 'basket';
/** A server basket left alone this long is forgotten (seconds). */
export const SESSION_BASKET_TTL_S = 30 * 24 * 60 * 60;

export const sessionBasketLineSchema = z.object({
  productId: z.number().int().positive(),
  internalId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(BASKET_LIMITS.quantity),
});
export type SessionBasketLine = z.infer<typeof sessionBasketLineSchema>;

export const sessionBasketSchema = z.object({
  /** Changes with every change of the lines: the island remembers which versions it took in. */
  version: z.string().min(1),
  lines: z.array(sessionBasketLineSchema).max(BASKET_LIMITS.lines),
});
export type SessionBasket = z.infer<typeof sessionBasketSchema>;

const EMPTY: SessionBasket = { version: '', lines: [] };

/** The part of the shopper's session the basket uses (Astro's session, or the endpoints' view of it). */
type BasketSession = Pick<SessionStore, 'get' | 'set' | 'delete'>;

/** The session's basket; empty when there is none or the stored data is unreadable. */
export async function readSessionBasket(session: Pick<SessionStore, 'get'>): Promise<SessionBasket> {
  const parsed = sessionBasketSchema.safeParse(await session.get(SESSION_KEY));
  return parsed.success ? parsed.data : EMPTY;
}

function save(session: BasketSession, lines: SessionBasketLine[]): SessionBasket {
  const basket = { version: crypto.randomUUID(), lines };
  if (lines.length === 0) session.delete(SESSION_KEY);
  else session.set(SESSION_KEY, basket, { ttl: SESSION_BASKET_TTL_S });
  return basket;
}

/**
 * Adds `quantity` of a variant (the same variant again adds up). The quantity is only a wish: the
 * basket page checks it against stock with the order service before showing a price.
 */
export async function addToSessionBasket(session: BasketSession, line: SessionBasketLine): Promise<SessionBasket> {
  const { lines } = await readSessionBasket(session);
  const existing = lines.find((l) => l.internalId === line.internalId);
  const next = existing
    ? lines.map((l) =>
        l === existing ? { ...l, quantity: Math.min(BASKET_LIMITS.quantity, l.quantity + line.quantity) } : l,
      )
    : [...lines, line].slice(-BASKET_LIMITS.lines);
  return save(session, next);
}

/** Removes a variant's line. */
export async function removeFromSessionBasket(session: BasketSession, internalId: number): Promise<SessionBasket> {
  const { lines } = await readSessionBasket(session);
  return save(
    session,
    lines.filter((l) => l.internalId !== internalId),
  );
}

/**
 * Forgets the lines once the browser's basket has them, but only the version the browser saw:
 * a line added meanwhile (another tab without JavaScript) is kept.
 */
export async function clearSessionBasket(session: BasketSession, version: string): Promise<boolean> {
  const current = await readSessionBasket(session);
  if (current.version !== version) return false;
  session.delete(SESSION_KEY);
  return true;
}
