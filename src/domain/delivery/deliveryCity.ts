/**
 * The shopper's delivery city (storefront spec §3 "delivery city" of the catalogue state, §4 "the
 * delivery city is set from the default location"): one settlement id per browser, remembered in a
 * small cookie so the server can read it on personal pages (the basket) and the picker. Cached public
 * pages never read it: their city-specific part is filled by a script (issue 25).
 */
export const DELIVERY_CITY_COOKIE = 'bbs_city';

/**
 * The city whose methods the basket check answers when none is remembered (spec §9 "default city
 * reference placeholder 9812": Kyiv, the order service's BASKET_HOME_CITY_ID), so the basket can name it.
 */
export const DEFAULT_DELIVERY_CITY = 9812;

/** A year: the city is a lasting choice, like the language. */
const CITY_COOKIE_MAX_AGE = 31_536_000;

/** Settlement ids of the delivery contract: positive integers, at most 9 digits. */
const CITY_ID = /^[1-9]\d{0,8}$/;

/** The settlement id a cookie value names, or null (absent or malformed). */
export function deliveryCityOf(value: string | null | undefined): number | null {
  return value && CITY_ID.test(value) ? Number(value) : null;
}

/** The settlement id in a `Cookie` header (`document.cookie` too), or null. */
export function deliveryCityInCookies(cookieHeader: string): number | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DELIVERY_CITY_COOKIE) return deliveryCityOf(value);
  }
  return null;
}

/** The `document.cookie` assignment that remembers a city (null: not a settlement id, nothing to set). */
export function deliveryCityCookie(cityId: number): string | null {
  const value = String(cityId);
  if (deliveryCityOf(value) === null) return null;
  return `${DELIVERY_CITY_COOKIE}=${value}; path=/; max-age=${CITY_COOKIE_MAX_AGE}; samesite=lax`;
}

/** A path of this shop to go back to after choosing (never another site), else the fallback. */
export function backPath(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 500 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  return value;
}
