import { TIME_ZONE_COOKIE } from '../../domain/format/timeZone.ts';

/**
 * Tells the server the browser's time zone for the next personal page (its dates in the shopper's
 * zone); written only when it is not there yet or has changed (a trip abroad).
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const value = encodeURIComponent(zone);
  if (!zone || document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}
