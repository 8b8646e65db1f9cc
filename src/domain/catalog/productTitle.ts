/**
 * Product titles arrive with the apostrophe as an HTML quote entity (spec §3: "an HTML quote entity
 * becomes an apostrophe"), e.g. `Mother&#039;s Joy`. Shown as text, the entity must become `'`.
 */
export function productTitle(raw: string): string {
  return raw.replace(/&#0*39;|&apos;|&#x0*27;/gi, "'");
}
