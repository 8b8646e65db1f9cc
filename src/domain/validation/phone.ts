import type { Locale } from '../../api/schemas/common.ts';
import { specMessage } from './specMessages.ts';
import { canonicalPhone, phoneFault } from './phoneDigits.ts';

// The checkout's order payload reads the canonical phone here, with the rule's other half.
export { canonicalPhone } from './phoneDigits.ts';

/**
 * The shop's one phone rule (accounts spec §5/§9: 12 digits starting with 380), for every form
 * that takes a phone: checkout, login, registration, profile, one-click, certificates (issue 29).
 * Shoppers write a Ukrainian number many ways — `+380 93 123 45 67`, `0931234567`,
 * `093 123-45-67`, `80931234567`, `931234567` — and all of them mean the same 380XXXXXXXXX.
 */

export type PhoneValidation = { ok: true; phone: string } | { ok: false; message: string };

/** Valid → the canonical digits; otherwise the fault's message in the page's language. */
export function validatePhone(raw: string, locale: Locale): PhoneValidation {
  const fault = phoneFault(raw);
  return fault === null ? { ok: true, phone: canonicalPhone(raw) } : { ok: false, message: specMessage(fault, locale) };
}
