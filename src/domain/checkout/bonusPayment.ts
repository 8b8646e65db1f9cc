/**
 * Paying part of the order with bonus points at checkout (storefront spec §5 "Bonuses can be used
 * unless the variant's bonusMaxPaymentPercent is 0", §6 "Bonus spending needs a signed-in
 * bonus-programme member", §4 reset sets usedBonuses to 0; docs/decisions.md "Accounts: paying
 * with bonuses"). The basket check answers the goods' limit (`bonusMaxPayment`, whole hryvnias, the
 * same for everyone); the member's active balance limits it further. The order service judges both
 * again when it spends the points.
 */

/** Whole hryvnias of a balance that may have kopecks (a cashback of 42,60 грн): points are spent whole. */
function wholeHryvnias(amount: number): number {
  return Number.isFinite(amount) && amount > 0 ? Math.floor(amount + 1e-9) : 0;
}

/**
 * The most the shopper may pay with points now: the smaller of the member's active balance and the
 * basket's limit, in whole hryvnias; 0 without a balance (signed out, not a member, not read yet).
 */
export function usableBonuses(activeAmount: number | null, bonusMaxPayment: number): number {
  if (activeAmount === null) return 0;
  return Math.min(wholeHryvnias(activeAmount), wholeHryvnias(bonusMaxPayment));
}

/** Why an amount typed in the bonus field was changed. */
export type BonusInputNote = 'whole' | 'clamped';

/**
 * What typing in the bonus field gives: the whole hryvnias to spend and, when the text could not be
 * taken as it is, why. Empty is 0; spaces are ignored ("1 200"); anything but digits (a sign, a
 * comma, letters) keeps the previous amount ('whole'); more than may be spent becomes the most that
 * may ('clamped').
 */
export function bonusInput(
  text: string,
  previous: number,
  usable: number,
): { value: number; note: BonusInputNote | null } {
  const digits = text.replace(/\s/g, '');
  if (digits === '') return { value: 0, note: null };
  if (!/^\d{1,9}$/.test(digits)) return { value: Math.min(previous, usable), note: 'whole' };
  const wanted = Number(digits);
  return wanted > usable ? { value: usable, note: 'clamped' } : { value: wanted, note: null };
}

/**
 * The amount kept when what may be spent changes (the basket was checked again, the balance was
 * read): never more than may be spent now, never below 0.
 */
export function settledBonuses(usedBonuses: number, usable: number): number {
  if (!Number.isSafeInteger(usedBonuses) || usedBonuses <= 0) return 0;
  return Math.min(usedBonuses, usable);
}

/** Why an amount of points cannot pay this order, in the order service's order of judging. */
export type BonusRefusal =
  | { kind: 'whole' }
  | { kind: 'needAccount' }
  | { kind: 'needMember' }
  /** The goods allow none (every line's percent is 0). */
  | { kind: 'notAllowed' }
  | { kind: 'overMax'; max: number }
  | { kind: 'short'; available: number };

/**
 * The rule the order service applies, in its order, so the form says it first: whole hryvnias ≥ 0;
 * points only for a signed-in shopper; within the goods' limit; only for a member; within the
 * active balance.
 */
export function bonusRefusal(
  usedBonuses: number,
  shopper: { signedIn: boolean; activeAmount: number | null },
  bonusMaxPayment: number,
): BonusRefusal | null {
  if (!Number.isSafeInteger(usedBonuses) || usedBonuses < 0) return { kind: 'whole' };
  if (usedBonuses === 0) return null;
  if (!shopper.signedIn) return { kind: 'needAccount' };
  const max = wholeHryvnias(bonusMaxPayment);
  if (usedBonuses > max) return max === 0 ? { kind: 'notAllowed' } : { kind: 'overMax', max };
  if (shopper.activeAmount === null) return { kind: 'needMember' };
  const available = wholeHryvnias(shopper.activeAmount);
  if (usedBonuses > available) return { kind: 'short', available };
  return null;
}
