import type { Locale } from '../../api/schemas/common.ts';
import { CERTIFICATE_MAX_MESSAGE, CERTIFICATE_MIN_MESSAGE, REQUIRED_MESSAGE, ownMessage } from './checkoutMessages.ts';

/**
 * The nominal of a gift certificate to buy (storefront spec §5, §9: 50 … 100 000 UAH). Mirrors the
 * contract's CERTIFICATE_NOMINAL (src/api/schemas/order.ts; a unit test keeps them equal).
 */
export const CERTIFICATE_NOMINAL = { min: 50, max: 100_000 } as const;

/** The nominal, or why not (the message to show next to the field). */
export type NominalResult = { ok: true; nominal: number } | { ok: false; message: string };

/**
 * The nominal from what the shopper typed (a number, or text such as '1 000' or '500 грн' whose
 * spaces and currency are ignored). Empty is required; a fraction is refused (the contract takes
 * whole hryvnias), as is text that is no number; below 50 and above 100 000 give the spec's messages.
 */
export function validateCertificateNominal(input: number | string, locale: Locale): NominalResult {
  const value = typeof input === 'number' ? input : parseNominalText(input);
  if (value === null) return { ok: false, message: REQUIRED_MESSAGE };
  // Infinity is below or above any limit; NaN and fractions are not a whole number of hryvnias.
  if (Number.isNaN(value) || (Number.isFinite(value) && !Number.isInteger(value))) {
    return { ok: false, message: ownMessage('certificateWhole', locale) };
  }
  if (value < CERTIFICATE_NOMINAL.min) return { ok: false, message: CERTIFICATE_MIN_MESSAGE };
  if (value > CERTIFICATE_NOMINAL.max) return { ok: false, message: CERTIFICATE_MAX_MESSAGE };
  return { ok: true, nominal: value };
}

/** The number in typed text ('1 000 грн' → 1000, '99,5' → 99.5); null for empty text, NaN for no number. */
function parseNominalText(text: string): number | null {
  const compact = text.replace(/\s|грн\.?|uah/gi, '').replace(',', '.');
  if (compact === '') return null;
  return /^-?\d+(?:\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}
