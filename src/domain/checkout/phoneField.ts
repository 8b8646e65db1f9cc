import { canonicalPhone, maskPhone, normalizePhone, PHONE_LENGTH, PHONE_PREFIX } from '../validation/phoneDigits.ts';

/**
 * What the checkout's phone fields show as the shopper types or pastes (issue 29): the shop's mask
 * `+380 93 123 45 67` (src/domain/validation/phone.ts) over any way a Ukrainian number is written.
 * What the mask cannot hold stays as typed, so the rule can say what is wrong when she leaves the
 * field: a foreign number is not folded into +380 (the mask would invent a Ukrainian one), and a
 * digit too many is not cut off (the mask's groups would hide it).
 */
export function phoneFieldText(raw: string): string {
  // The first key of `+380`: the mask has no digit to show yet.
  if (raw.trim() === '+') return '+';
  const digits = normalizePhone(raw);
  if (digits === '') return maskPhone(raw);
  const typedPrefix = raw.trimStart().startsWith(`+${PHONE_PREFIX}`);
  const phone = typedPrefix ? digits : canonicalPhone(digits);
  if (!phone.startsWith(PHONE_PREFIX) && !PHONE_PREFIX.startsWith(digits)) return raw;
  if (phone.length > PHONE_LENGTH) return raw;
  return maskPhone(raw);
}
