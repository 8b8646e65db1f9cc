import type { BasketCheckItem, CertificateAnswer, CertificateType } from '../../api/schemas/basket.ts';
import { CERTIFICATE_KEY_LENGTH, CERTIFICATE_LIMIT, nonNegative, roundMoney } from './basketItem.ts';

/**
 * Promo codes (type 0) and gift certificates (type 1) of a basket (storefront spec §3 "Gift
 * certificate", §5 "Certificates are kept after a check only if …").
 *
 * How they count (the contract's `cost`: "lines' costs minus certificates"): a percent promo code
 * works through the lines (the check's line discounts, already in each line's checked price, with
 * the code's key as their source); a gift certificate or an amount promo code is taken off the
 * whole order. Only the second kind may be subtracted from the lines again, or a percent code
 * would count twice; `orderDiscount` keeps which part of a code's discount is which.
 */

/** Spec §3 promo-code entity as the basket keeps it: the entered (type, key) and the check's answer. */
export interface BasketCertificate extends CertificateAnswer {
  /** What the code takes off the whole order (UAH); 0 for a code that works through line prices. */
  orderDiscount: number;
}

/** Spec §3: the promo code's type. */
export const PROMO_CODE: CertificateType = 0;
/** Spec §3: the gift certificate's type. */
export const GIFT_CERTIFICATE: CertificateType = 1;

/** Spec §3, as the service does it: a promo code trimmed and upper-cased, a certificate only trimmed. */
export function normaliseCertificateKey(type: CertificateType, key: string): string {
  const trimmed = key.trim();
  return type === PROMO_CODE ? trimmed.toUpperCase() : trimmed;
}

const sameCode = (a: { type: CertificateType; key: string }, b: { type: CertificateType; key: string }) =>
  a.type === b.type && normaliseCertificateKey(a.type, a.key) === normaliseCertificateKey(b.type, b.key);

/** A code entered but not checked yet: no title, no discount, no verdict. */
export function enteredCertificate(type: CertificateType, key: string): BasketCertificate {
  return {
    type,
    key: normaliseCertificateKey(type, key),
    title: '',
    discountAmount: 0,
    errorMessage: null,
    isAvailable: false,
    isChecked: false,
    orderDiscount: 0,
  };
}

/** The codes after entering one, or why not (the view names the limit). */
export type EnterCertificateResult =
  | { ok: true; certificates: BasketCertificate[] }
  | { ok: false; reason: 'empty' | 'duplicate' }
  | { ok: false; reason: 'tooLong' | 'tooMany'; max: number };

/** Enters a code, normalised so the same code is never entered twice (spec §3). */
export function enterCertificate(
  certificates: readonly BasketCertificate[],
  type: CertificateType,
  key: string,
): EnterCertificateResult {
  const entered = enteredCertificate(type, key);
  if (entered.key === '') return { ok: false, reason: 'empty' };
  if (entered.key.length > CERTIFICATE_KEY_LENGTH) return { ok: false, reason: 'tooLong', max: CERTIFICATE_KEY_LENGTH };
  if (certificates.some((c) => sameCode(c, entered))) return { ok: false, reason: 'duplicate' };
  if (certificates.length >= CERTIFICATE_LIMIT) return { ok: false, reason: 'tooMany', max: CERTIFICATE_LIMIT };
  return { ok: true, certificates: [...certificates, entered] };
}

/** Removes a code (whatever its spelling: it is compared normalised). */
export function removeCertificate(
  certificates: readonly BasketCertificate[],
  type: CertificateType,
  key: string,
): BasketCertificate[] {
  return certificates.filter((c) => !sameCode(c, { type, key }));
}

/** The codes after a check, and those it refused (with the service's reason, for the view to say once). */
export interface CheckedCertificates {
  certificates: BasketCertificate[];
  refused: BasketCertificate[];
}

/**
 * The part of an accepted code's discount taken off the whole order: all of a certificate's; a
 * promo code's unless the lines carry it (a line discount whose source is the code).
 */
function orderDiscountOf(answer: CertificateAnswer, lines: readonly BasketCheckItem[]): number {
  if (answer.errorMessage !== null) return 0;
  const key = normaliseCertificateKey(answer.type, answer.key);
  const onLines =
    answer.type === PROMO_CODE &&
    lines.some((line) => line.checked.discounts.some((d) => normaliseCertificateKey(PROMO_CODE, d.source) === key));
  return onLines ? 0 : nonNegative(answer.discountAmount);
}

/**
 * Spec §5: after a check a code is kept only if it was already in the basket and the answer either
 * marks it checked or carries no error message. Answers for codes the basket did not send are
 * ignored; a sent code the service did not answer for is dropped. `lines` are the check's lines,
 * which tell a percent promo code (on the lines) from an order-wide one.
 */
export function keptCertificates(
  previous: readonly BasketCertificate[],
  answers: readonly CertificateAnswer[],
  lines: readonly BasketCheckItem[] = [],
): CheckedCertificates {
  const certificates: BasketCertificate[] = [];
  const refused: BasketCertificate[] = [];
  for (const answer of answers) {
    if (!previous.some((c) => sameCode(c, answer))) continue;
    if ([...certificates, ...refused].some((c) => sameCode(c, answer))) continue;
    const kept: BasketCertificate = {
      ...answer,
      key: normaliseCertificateKey(answer.type, answer.key),
      orderDiscount: orderDiscountOf(answer, lines),
    };
    if (answer.isChecked || answer.errorMessage === null) certificates.push(kept);
    else refused.push(kept);
  }
  return { certificates, refused };
}

/** What the codes take off the whole order (see the note above), to the kopeck. */
export function certificateDiscount(certificates: readonly BasketCertificate[]): number {
  let sum = 0;
  for (const c of certificates) if (c.errorMessage === null) sum += nonNegative(c.orderDiscount);
  return roundMoney(sum);
}

/** Merges B's codes into A's (sign-in): each code once, within CERTIFICATE_LIMIT. */
export function mergeCertificates(
  a: readonly BasketCertificate[],
  b: readonly BasketCertificate[],
): BasketCertificate[] {
  const merged = [...a];
  for (const c of b) {
    if (merged.length >= CERTIFICATE_LIMIT) break;
    if (!merged.some((m) => sameCode(m, c))) merged.push(c);
  }
  return merged;
}
