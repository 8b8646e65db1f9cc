/**
 * The shopper's choice about analytics and marketing (issue 12: nothing is sent and no third-party
 * script loads before the shopper agrees; the choice is remembered and can be changed from the
 * footer). One switch for both: the banner asks one question a shopper can answer in a second.
 */

/** localStorage key, with the shop's prefix. */
export const CONSENT_KEY = 'bbs_consent';

export interface Consent {
  analytics: boolean;
  /** When it was given (ISO), so a changed policy can ask again. */
  at: string;
}

/** The stored choice, or null when there is none (or it cannot be read). */
export function parseConsent(raw: string | null): Consent | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('analytics' in value) || !('at' in value)) return null;
    const { analytics, at } = value;
    return typeof analytics === 'boolean' && typeof at === 'string' ? { analytics, at } : null;
  } catch {
    return null;
  }
}

export function consentRecord(analytics: boolean, now: Date): string {
  return JSON.stringify({ analytics, at: now.toISOString() } satisfies Consent);
}
