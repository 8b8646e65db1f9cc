import type { APIRoute } from 'astro';
import { e2eFaultsEnabled } from '../server/config.ts';

/**
 * Fault injection for the end-to-end test of the 500 page: only when the server was started with
 * SHOP_E2E_FAULTS=1 (the e2e launcher does); otherwise this path shows the ordinary 404 page.
 * (Astro ignores page files whose name starts with an underscore, hence the plain name.)
 */
export const GET: APIRoute = ({ rewrite }) => {
  if (!e2eFaultsEnabled) return rewrite('/404');
  throw new Error('injected fault: SECRET-STACK-MARKER');
};
