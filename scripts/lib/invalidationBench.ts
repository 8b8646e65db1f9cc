import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import { quantile } from './commerceBench.ts';
import {
  afterChange,
  changeOnePrice,
  getPage,
  probePages,
  probeSubject,
  warm,
  type ProbePage,
} from './invalidationProbe.ts';

/**
 * `npm run bench -- --only invalidation [--products N]` (issue 30): on the seeded shop, the time and
 * memory to generate every product sitemap file, the uncached render p50/p95 per page kind, and what
 * one price change (through the search admin API, as the ERP sends it) leaves in the route cache of
 * a warmed set of pages of every kind.
 */

const ms = (n: number) => n.toFixed(1).padStart(7);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Every product sitemap file, uncached, one after another: time, bytes and the process's memory. */
async function sitemapGeneration(shopUrl: string): Promise<ProbePage[]> {
  const index = await (await fetch(`${shopUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*?(\/sitemap-products-\d+\.xml)<\/loc>/g)].map((m) => m[1] ?? '');
  console.log(`\nProduct sitemaps: ${files.length} files`);
  console.log('file                      |   time ms |     MB | URLs   | RSS after MB');
  let total = 0;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  for (const file of files) {
    const t0 = performance.now();
    const body = await (await fetch(`${shopUrl}${file}`)).text();
    const took = performance.now() - t0;
    total += took;
    const urls = body.match(/<url>/g)?.length ?? 0;
    console.log(
      `${file.padEnd(25)} | ${ms(took).padStart(9)} | ${mb(body.length).padStart(6)} | ${String(urls).padEnd(6)} | ${mb(process.memoryUsage().rss)}`,
    );
  }
  clearInterval(sampler);
  console.log(`all product sitemap files: ${(total / 1000).toFixed(1)} s; peak RSS while generating ${mb(peak)} MB`);
  return files.map((path) => ({ kind: 'sitemap', path }));
}

/** More pages of each kind than the probe's: every folder, plain and price-sorted, brands, searches and products. */
async function widerPages(shopUrl: string): Promise<ProbePage[]> {
  const config = categoryConfigSchema.parse(await json(`${shopUrl}/svc/search/public/category-config`));
  const pages: ProbePage[] = [];
  const products: WireProduct[] = [];
  for (const folder of config.categoryList.filter((c) => !c.additionalConfig.excludeFromMenu)) {
    pages.push({ kind: 'folder', path: `/${folder.slug}` }, { kind: 'folder', path: `/ua/${folder.slug}` });
    pages.push({ kind: 'price-sorted', path: `/${folder.slug}/sort-price` });
    pages.push({ kind: 'filtered', path: `/${folder.slug}/price=100,2000` });
    for (const sub of folder.childList.slice(0, 2)) {
      pages.push({ kind: 'subcategory', path: `/${folder.slug}/${sub.slug}` });
    }
    const list = productListSchema.parse(
      await json(`${shopUrl}/svc/search/public/products?category=${folder.slug}&page=0&limit=3&withPrice=1&hasImage=1`),
    );
    products.push(...list.items);
  }
  for (const product of products) {
    pages.push({ kind: 'product', path: `/product/${product.slug}` });
    if (product.brand) pages.push({ kind: 'brand', path: `/brand/${product.brand.slug}` });
    const word = product.title.split(/\s+/).find((w) => w.length >= 4);
    if (word) pages.push({ kind: 'search', path: `/search-result?q=${encodeURIComponent(word)}` });
  }
  return pages;
}

/** Uncached render time per page kind: a unique query string each time, so every request renders. */
async function uncachedRenders(shopUrl: string, pages: readonly ProbePage[], rounds: number): Promise<void> {
  const byKind = new Map<string, string>();
  for (const page of pages) if (!byKind.has(page.kind) && page.kind !== 'sitemap') byKind.set(page.kind, page.path);
  console.log(`\nUncached render over ${rounds} requests (ms, loopback HTTP)`);
  console.log('page kind       |     p50     p95 | path');
  for (const [kind, path] of byKind) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const url = `${shopUrl}${path}${path.includes('?') ? '&' : '?'}bench=${i}`;
      const t0 = performance.now();
      await (await fetch(url)).arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${kind.padEnd(15)} | ${ms(quantile(times, 0.5))} ${ms(quantile(times, 0.95))} | ${path}`);
  }
}

export async function invalidationBench(shopUrl: string, adminToken: string, rounds: number): Promise<void> {
  const sitemaps = await sitemapGeneration(shopUrl);
  const subject = await probeSubject(shopUrl);
  const seen = new Set<string>();
  const pages = [...probePages(subject), ...(await widerPages(shopUrl)), ...sitemaps].filter((page) => {
    const fresh = !seen.has(page.path);
    seen.add(page.path);
    return fresh;
  });
  await uncachedRenders(shopUrl, pages, rounds);

  const warmed = await warm(shopUrl, pages);
  const t0 = performance.now();
  const tags = await changeOnePrice(shopUrl, adminToken, subject.product, 1);
  const changeMs = performance.now() - t0;
  const now = await afterChange(shopUrl, warmed);
  const dropped = [...now].filter(([, page]) => !page.cached).map(([path]) => path);
  const kindOf = new Map(pages.map((page) => [page.path, page.kind]));
  console.log(
    `\nOne price change of product ${subject.product.id} (${subject.product.slug}) through PATCH /svc/search/admin/… (${changeMs.toFixed(0)} ms): tags ${tags.join(' ')}`,
  );
  console.log(
    `warmed ${warmed.size} of ${pages.length} pages; ${warmed.size - dropped.length} stay cached, ${dropped.length} dropped:`,
  );
  for (const path of dropped) console.log(`  dropped  ${(kindOf.get(path) ?? '').padEnd(13)} ${path}`);
  const stayed = new Map<string, number>();
  for (const [path, page] of now)
    if (page.cached) stayed.set(kindOf.get(path) ?? '', (stayed.get(kindOf.get(path) ?? '') ?? 0) + 1);
  console.log(`  stayed by kind: ${[...stayed].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  // The same page after a second change the same day: the sitemap file listing it stays (lastmod moves by the day).
  const file = sitemaps[0]?.path;
  if (file !== undefined) {
    await getPage(shopUrl, file);
    await changeOnePrice(shopUrl, adminToken, subject.product, 2);
    console.log(`a second change the same day leaves ${file} cached: ${(await getPage(shopUrl, file)).cached}`);
  }
}
