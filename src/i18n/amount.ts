import type { Locale } from '../api/schemas/common.ts';
/**
 * Money and quantity formatting (spec §9: "Amounts use a space as thousands separator").
 * Implemented by hand rather than with Intl: Intl's ru/uk locales group with a no-break space
 * (U+00A0), while the spec asks for a plain space and tests and copy-paste expect exactly that.
 */

export type AmountFractionDigits = 'auto' | 0 | 2;

export interface FormatAmountOptions {
  /** 'auto' (default): whole numbers without decimals, anything else with 2; 0 rounds; 2 always shows kopecks. */
  fractionDigits?: AmountFractionDigits;
}

/** Currency sign shown after prices; both site languages write "грн". */
export const CURRENCY_SIGN: Readonly<Record<Locale, string>> = { ru: 'грн', uk: 'грн' };

// Decimal comma: it is the decimal separator in both Ukrainian and Russian ("1 234,50 грн").
const DECIMAL_SEPARATOR = ',';
const GROUP_SEPARATOR = ' ';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}

/** Rounds a non-negative number to whole kopecks, immune to binary noise (1.005 -> 101, not 100). */
function toKopecks(abs: number): number {
  return Math.round(Number((abs * 100).toPrecision(15)));
}

/**
 * Formats a number with a plain space between thousands: 100000 -> "100 000", 1234.5 -> "1 234,50",
 * -1500 -> "-1 500". Non-integers are rounded to kopecks (2 decimals, decimal comma); a value that
 * rounds to a whole number is shown without decimals in 'auto' mode. NaN and ±Infinity give ''
 * (nothing is better than "NaN грн" on a price tag).
 */
export function formatAmount(value: number, opts: FormatAmountOptions = {}): string {
  if (!Number.isFinite(value)) return '';
  const mode = opts.fractionDigits ?? 'auto';
  const abs = Math.abs(value);
  let whole: string;
  let fraction = '';
  if (Number.isInteger(abs)) {
    // BigInt keeps huge integers out of exponent notation (1e21 -> "1 000 000 000 000 000 000 000").
    whole = BigInt(abs).toString();
    if (mode === 2) fraction = '00';
  } else if (mode === 0) {
    whole = String(Math.round(abs));
  } else {
    const kopecks = toKopecks(abs);
    whole = String(Math.floor(kopecks / 100));
    const rest = kopecks % 100;
    if (mode === 2 || rest !== 0) fraction = String(rest).padStart(2, '0');
  }
  const isZero = /^0+$/.test(whole) && /^0*$/.test(fraction);
  const sign = value < 0 && !isZero ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? DECIMAL_SEPARATOR + fraction : ''}`;
}

/** Price with the currency sign: formatPrice(1299, 'uk') -> "1 299 грн"; '' for a non-finite value. */
export function formatPrice(value: number, locale: Locale, opts: FormatAmountOptions = {}): string {
  const amount = formatAmount(value, opts);
  return amount === '' ? '' : `${amount} ${CURRENCY_SIGN[locale]}`;
}
