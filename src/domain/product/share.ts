/**
 * Sharing a product (storefront spec §8: "if the device lacks share support a fallback URL opens
 * in a new window"). The spec does not name the fallback; the shop uses Facebook's sharer, the
 * share dialog every Ukrainian shop offers (docs/decisions.md "Sharing a product").
 */

export const SHARE_FALLBACK_BASE = 'https://www.facebook.com/sharer/sharer.php';

/** Features of the fallback window: a popup of the size of the sharer's dialog. */
export const SHARE_WINDOW_FEATURES = 'noopener,noreferrer,width=600,height=540';

/** The fallback URL that shares `url` (absolute) when the Web Share API is missing. */
export function shareFallbackUrl(url: string): string {
  return `${SHARE_FALLBACK_BASE}?${new URLSearchParams({ u: url })}`;
}
