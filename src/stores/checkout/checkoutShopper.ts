import { atom } from 'nanostores';
import { hasCustomerHint } from '../../domain/session/customerHint.ts';

/**
 * Who may pay with points (spec §6): a signed-in shopper and, for a member, the active balance
 * (UAH; null for anyone else). `known` once the session (and a member's balance) has been read, so
 * an amount restored from the draft is not dropped before; until then `signedIn` is the customer
 * hint cookie's word (the same rule that sends the order to the signed-in endpoint, so
 * subscriptions are offered to the order that can carry them).
 */
export interface CheckoutShopper {
  known: boolean;
  signedIn: boolean;
  bonusBalance: number | null;
}

export const $checkoutShopper = atom<CheckoutShopper>({ known: false, signedIn: false, bonusBalance: null });

/** As the page starts: signed in as far as this browser knows, before the session is read. */
export function assumeShopperFromHint(): void {
  $checkoutShopper.set({ known: false, signedIn: hasCustomerHint(document.cookie), bonusBalance: null });
}

/**
 * Who may pay with points, from the auth store's own state: signed in or not and, for a member, the
 * active balance (`GET /api/account/bonus`; unreadable means nothing to pay with, spec §4).
 */
export async function readShopper(): Promise<void> {
  const { pointsOfShopper } = await import('./sessionShopper.ts');
  $checkoutShopper.set({ known: true, ...(await pointsOfShopper()) });
}

/** A shopper without a session on this browser (no hint): known at once, nothing to read. */
export function shopperIsGuest(): void {
  $checkoutShopper.set({ known: true, signedIn: false, bonusBalance: null });
}
