import { startChildShop } from './childShop.ts';
import { startFaultProxy } from './faultProxy.ts';
import type { FaultMode } from './faultProxy.ts';

/**
 * The fault cases of `npm run bench` (issue 13): a second storefront process whose search service
 * is the bench shop's, behind a fault-injecting proxy. Per failure: the status and time of a page
 * that was cached, and of one that must be rendered.
 */

export async function faultBench(shopUrl: string, cachedPath: string): Promise<void> {
  const proxy = await startFaultProxy(`${shopUrl}/svc/search`);
  const shop = await startChildShop(shopUrl, { SEARCH_API_URL: proxy.url });
  const base = shop.url;
  const timed = async (path: string) => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    return `${response.status} in ${(performance.now() - t0).toFixed(0)} ms`;
  };
  console.log('\nFaults of the search service (a second storefront behind a fault-injecting proxy)');
  console.log('failure  | cached page            | page to render');
  const modes: FaultMode[] = ['down', 'hang', 'error', 'garbage'];
  for (const [index, mode] of modes.entries()) {
    proxy.mode = 'pass';
    await fetch(`${base}${cachedPath}`);
    proxy.mode = mode;
    const cached = await timed(cachedPath);
    const fresh = await timed(`/odezhda/page-${index + 2}`);
    console.log(`${mode.padEnd(8)} | ${cached.padEnd(22)} | ${fresh}`);
  }
  await shop.stop();
  await proxy.close();
}
