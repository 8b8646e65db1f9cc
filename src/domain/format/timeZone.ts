/**
 * The shopper's time zone for dates on personal pages (spec: "dates DD.MM.YYYY in the user's
 * timezone, falling back to Kyiv"). The browser names its zone in a cookie (every page's script:
 * src/components/layout/timeZoneCookie.ts); the server formats the pages that are nobody else's
 * (account, order, certificate) in it. Cached public pages stay in Kyiv time: their HTML is the
 * same for everyone.
 */
export const TIME_ZONE_COOKIE = 'bbs_tz';

/** An IANA name (`Europe/Kyiv`, `America/Argentina/Buenos_Aires`, `UTC`, `Etc/GMT+3`). */
const ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zone a cookie names, or null (absent, malformed, over 64 characters: Kyiv then). */
export function timeZoneOf(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !ZONE.test(value)) return null;
  return value;
}
