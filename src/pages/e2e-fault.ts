import type { APIRoute } from 'astro';
import { e2eFaultsEnabled } from '../server/config.ts';

/**
 * Fault injection for tests, only when the server was started with SHOP_E2E_FAULTS=1 (the e2e and
 * launcher tests do); otherwise this path shows the ordinary 404 page. Without a query it throws
 * (the 500 page); `?slow=MS` answers after MS milliseconds (at most 10 s), a request still in
 * flight when the server is told to stop (tests/launcher/publicSafety.test.ts).
 * (Astro ignores page files whose name starts with an underscore, hence the plain name.)
 */
export const GET: APIRoute = async ({ rewrite, url }) => {
  if (!e2eFaultsEnabled) return rewrite('/404');
  const slow = url.searchParams.get('slow');
  if (slow !== null && /^\d{1,5}$/.test(slow)) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number(slow), 10_000)));
    return new Response('finished', {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  throw new Error('injected fault: SECRET-STACK-MARKER');
};
