import type { Shopper } from '../../api/schemas/session.ts';
import { $bonusSummary, $session, loadBonusSummary, loadSession } from '../auth.ts';

/**
 * What the checkout reads of the auth store, gathered in the one module it imports when this
 * browser has a session (a guest's checkout never loads the auth store and its client). One
 * module, not the store itself: the bundler then keeps the auth store's chunk as it is for the
 * modal and the session effects, with no namespace object built for the checkout.
 */

export { loadSession };

/** The signed-in shopper as the auth store has parsed the session; null for anyone else. */
export function signedInShopper(): Shopper | null {
  const state = $session.get();
  return state?.signedIn ? state.shopper : null;
}

/** Signed in or not and, for a member, the active balance (read now; unreadable means none). */
export async function pointsOfShopper(): Promise<{ signedIn: boolean; bonusBalance: number | null }> {
  const shopper = signedInShopper();
  if (!shopper?.isMember) return { signedIn: shopper !== null, bonusBalance: null };
  await loadBonusSummary();
  return { signedIn: true, bonusBalance: $bonusSummary.get()?.activeAmount ?? null };
}
