/**
 * DESIGN §7: JSON endpoints that change state accept only requests made by the shop's own pages.
 * Astro's `checkOrigin` covers form posts only. A browser says where a request comes from in
 * `Sec-Fetch-Site` (every current browser) or at least `Origin`; a request with neither is not a
 * browser's fetch from our page, and a state-changing endpoint for the page refuses it.
 */
export function isSameOriginRequest(request: Request, origin: string): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null) return site === 'same-origin';
  return request.headers.get('Origin') === origin;
}
