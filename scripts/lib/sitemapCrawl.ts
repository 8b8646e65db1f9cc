import { quantile } from './commerceBench.ts';

/**
 * The whole sitemap, page by page (`npm run bench`): every URL the sitemaps list, fetched once
 * without following redirects, must answer 200. `npm test` keeps every non-product URL and a seeded
 * sample of products (tests/e2e/seo.spec.ts); this is the full crawl it stands in for, with the
 * time a first render of every listed page takes on this machine.
 */

const locs = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

export interface CrawlReport {
  sitemaps: number;
  pages: number;
  products: number;
  seconds: number;
  p50: number;
  p95: number;
  /** URLs that did not answer 200, with the status (or the sitemap that failed). */
  failures: string[];
}

export async function crawlSitemap(shopUrl: string): Promise<CrawlReport> {
  const path = (url: string) => new URL(url).pathname;
  const failures: string[] = [];
  const started = performance.now();
  const index = await fetch(`${shopUrl}/sitemap.xml`);
  if (index.status !== 200) failures.push(`${index.status} /sitemap.xml`);
  const children = locs(await index.text());
  const pages: string[] = [];
  for (const child of children) {
    const response = await fetch(`${shopUrl}${path(child)}`);
    if (response.status !== 200) failures.push(`${response.status} ${path(child)}`);
    pages.push(...locs(await response.text()));
  }
  const times: number[] = [];
  for (const page of pages) {
    const t0 = performance.now();
    const response = await fetch(`${shopUrl}${path(page)}`, { redirect: 'manual' });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (response.status !== 200) failures.push(`${response.status} ${path(page)}`);
  }
  times.sort((a, b) => a - b);
  return {
    sitemaps: children.length,
    pages: pages.length,
    products: pages.filter((page) => path(page).includes('/product/')).length,
    seconds: (performance.now() - started) / 1000,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    failures,
  };
}

export async function sitemapCrawlReport(shopUrl: string): Promise<void> {
  const crawl = await crawlSitemap(shopUrl);
  console.log(
    `\nsitemap crawl: ${crawl.pages} URLs (${crawl.products} products) of ${crawl.sitemaps} sitemaps, each rendered once, in ${crawl.seconds.toFixed(1)} s (p50 ${crawl.p50.toFixed(1)} ms, p95 ${crawl.p95.toFixed(1)} ms)`,
  );
  if (crawl.failures.length === 0) console.log('sitemap crawl: every URL answered 200');
  else {
    console.log(`sitemap crawl: ${crawl.failures.length} URLs did not answer 200:`);
    for (const failure of crawl.failures.slice(0, 20)) console.log(`  ${failure}`);
    process.exitCode = 1;
  }
}
