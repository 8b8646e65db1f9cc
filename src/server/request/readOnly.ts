/**
 * A page that only shows something (a wish list by its hash): any method but GET and HEAD is a 405
 * with `Allow`, before anything is read. Astro renders a page for a POST as well; such a page has
 * nothing to change, and saying so is clearer than answering the page.
 */
export function readOnly(request: Request): Response | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } });
}
