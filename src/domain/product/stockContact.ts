import { canonicalPhone } from '../validation/phone.ts';

/**
 * «Повідомити про наявність» takes one field: a phone or an e-mail, as the shopper types it. An
 * address with «@» is an e-mail; anything else is read as a Ukrainian phone the way every phone
 * field of the shop reads it (`067 123 45 67`, `+380…`, `671234567`) and must come to 380XXXXXXXXX.
 */
export type StockContact =
  | { ok: true; channel: 'sms'; to: string }
  | { ok: true; channel: 'email'; to: string }
  | { ok: false; problem: 'required' | 'email' | 'phone' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function readStockContact(raw: string): StockContact {
  const text = raw.trim();
  if (text === '') return { ok: false, problem: 'required' };
  if (text.includes('@')) {
    return EMAIL.test(text) && text.length <= 254
      ? { ok: true, channel: 'email', to: text.toLowerCase() }
      : { ok: false, problem: 'email' };
  }
  const phone = canonicalPhone(text);
  return /^380\d{9}$/.test(phone) ? { ok: true, channel: 'sms', to: phone } : { ok: false, problem: 'phone' };
}
