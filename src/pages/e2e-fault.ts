import type { APIRoute } from 'astro';

/**

 * (Astro ignores page files whose name starts with an underscore, hence the plain name.)
 * Fault injection for the end-to-end test of the 500 page: only when the server was started with
 * SHOP_E2E_FAULTS=1 (the e2e launcher does); otherwise this path is an ordinary 404.
 */
export const GET: APIRoute = () => {
  if (process.env.SHOP_E2E_FAULTS !== '1') return new Response(null, { status: 404 });
  throw new Error('injected fault: SECRET-STACK-MARKER');
};
