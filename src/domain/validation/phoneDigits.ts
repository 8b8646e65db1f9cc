/**
 * The shop's one phone rule without its messages (phone.ts adds them): the digits, the fault, the
 * mask, with no imports. The plain forms' mask script (src/components/form/phoneMask.ts) and the
 * basket store take these without the messages' table and the schemas it brings (issue 29: the
 * certificate and product pages stay within their JavaScript budgets).
 */

export const PHONE_PREFIX = '380';
export const PHONE_LENGTH = 12;
/** The digits after +380. */
const NATIONAL_LENGTH = PHONE_LENGTH - PHONE_PREFIX.length;

/** Digits only: '+38 (067) 123-45-67' -> '380671234567'. */
export function normalizePhone(raw: string): string {
  return raw.replace(/\D/g, '');
}

/**
 * The digits of the number as the services take it: the trunk `0`, the old `8 0` and a missing
 * country code are completed to 380…; what is not a Ukrainian number is returned as its digits.
 */
export function canonicalPhone(raw: string): string {
  const digits = normalizePhone(raw);
  if (digits.startsWith(PHONE_PREFIX)) return digits;
  if (digits.startsWith('80')) return `3${digits}`;
  if (digits.startsWith('0')) return `38${digits}`;
  // A national number without its trunk zero (931234567); longer digit runs are foreign numbers.
  if (digits.length > 0 && digits.length <= NATIONAL_LENGTH) return `${PHONE_PREFIX}${digits}`;
  return digits;
}

/** What is wrong with a typed phone, each with its own message (a short number does start with +380). */
export type PhoneFault = 'required' | 'phoneShort' | 'phoneLong' | 'phone';

/** The fault of a typed phone, or null when it is a valid Ukrainian number. */
export function phoneFault(raw: string): PhoneFault | null {
  if (raw.trim() === '') return 'required';
  const phone = canonicalPhone(raw);
  if (!phone.startsWith(PHONE_PREFIX)) return 'phone';
  if (phone.length < PHONE_LENGTH) return 'phoneShort';
  if (phone.length > PHONE_LENGTH) return 'phoneLong';
  return null;
}

/**
 * The phone field's mask: `+380 93 123 45 67` as the shopper types or pastes (any of the ways
 * above). The country code is the mask's own, so the digits typed after `+380` are the national
 * number; `3` and `38` typed on an empty field are left alone until they can be told apart from a
 * national number.
 */
export function maskPhone(raw: string): string {
  const digits = normalizePhone(raw);
  if (digits === '') return '';
  let national: string;
  if (raw.trimStart().startsWith(`+${PHONE_PREFIX}`)) national = digits.slice(PHONE_PREFIX.length);
  else if (PHONE_PREFIX.startsWith(digits)) return raw.trim();
  // A pasted foreign number stays as written, for the rule to name it, rather than become a wrong +380 one.
  else if (!canonicalPhone(digits).startsWith(PHONE_PREFIX)) return raw.trim();
  else national = canonicalPhone(digits).slice(PHONE_PREFIX.length);
  const groups = [2, 3, 2, 2];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    const part = national.slice(at, at + size);
    if (part === '') break;
    parts.push(part);
    at += size;
  }
  return [`+${PHONE_PREFIX}`, ...parts].join(' ');
}
