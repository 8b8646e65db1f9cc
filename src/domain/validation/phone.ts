/** Phone rule of accounts spec §5/§9: 12 digits starting with 380. */

export const PHONE_PREFIX = '380';
export const PHONE_LENGTH = 12;
/** Message text exactly as the spec (accounts §5, phone-number). */
export const PHONE_MESSAGE = 'Номер телефону має починатись з +380';

export type PhoneValidation = { ok: true; phone: string } | { ok: false; message: string };

/** Digits only: '+38 (067) 123-45-67' -> '380671234567'. */
export function normalizePhone(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** Valid when the digits start with 380 and are exactly 12 long; the normalized digits are returned. */
export function validatePhone(raw: string): PhoneValidation {
  const phone = normalizePhone(raw);
  return phone.length === PHONE_LENGTH && phone.startsWith(PHONE_PREFIX)
    ? { ok: true, phone }
    : { ok: false, message: PHONE_MESSAGE };
}
