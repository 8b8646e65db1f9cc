/**
 * The sort control without JavaScript (issue 29): one `<select>` in a GET form whose options carry
 * each sort's own listing URL; the form goes to `/catalog-sort?to=…`, which answers 303 to that URL.
 * One small redirect serves every listing (categories, flat listings, search results) instead of
 * each page learning a `?sort=` parameter. Only a path on this site is followed (no open redirect).
 */

/** Where the sort form's GET lands. */
export const SORT_FORM_ACTION = '/catalog-sort';

/** The path and query of `to` when it is a path on this site, else null. */
export function sortTarget(to: string | null): string | null {
  if (to === null || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return null;
  // A control character never belongs in a listing URL.
  if (/[\u0000-\u001f\u007f]/.test(to)) return null;
  const base = 'http://shop.invalid';
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}` : null;
}
