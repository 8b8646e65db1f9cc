import type { z } from 'zod';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import { variantChangeResultSchema } from '../../src/api/schemas/searchAdmin.ts';

/**
 * Issue 30's question asked of a running shop over HTTP: warm a set of pages, change one price
 * through the search service's admin API as the ERP does, and see which pages the route cache still
 * holds (`x-astro-cache: HIT`) and which it dropped. Used by tests/launcher/priceInvalidation.test.ts
 * and the bench (scripts/lib/invalidationBench.ts).
 */

export interface ProbePage {
  kind: string;
  path: string;
}

/** A page as the probe saw it: whether it answered from the cache, and its HTML. */
export interface PageState {
  status: number;
  cached: boolean;
  body: string;
}

export async function getPage(shopUrl: string, path: string): Promise<PageState> {
  const response = await fetch(`${shopUrl}${path}`, { redirect: 'manual' });
  return {
    status: response.status,
    cached: response.headers.get('x-astro-cache') === 'HIT',
    body: await response.text(),
  };
}

async function json<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

/** What the probe changes and what it compares with: the last product of the first folder's first page, and another folder. */
export interface ProbeSubject {
  product: WireProduct;
  folder: string;
  otherFolder: string;
  /** A product of the other folder. */
  other: WireProduct;
}

export async function probeSubject(shopUrl: string): Promise<ProbeSubject> {
  const config = await json(`${shopUrl}/svc/search/public/category-config`, categoryConfigSchema);
  const folders = config.categoryList.filter((c) => !c.additionalConfig.excludeFromMenu).map((c) => c.slug);
  const firstOf = async (folder: string) =>
    (
      await json(
        `${shopUrl}/svc/search/public/products?category=${folder}&page=0&limit=24&withPrice=1&hasImage=1`,
        productListSchema,
      )
    ).items.findLast(
      (p) =>
        p.category !== null &&
        p.brand !== null &&
        p.nomenclature.some((v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null),
    );
  const [folder, otherFolder] = folders;
  if (folder === undefined || otherFolder === undefined) throw new Error('the shop has fewer than two folders');
  const product = await firstOf(folder);
  const other = await firstOf(otherFolder);
  if (!product || !other) throw new Error('no priced product with a category and a brand on a first page');
  return { product, folder, otherFolder, other };
}

/** One word of the product's title a shopper might search for. */
function searchWord(product: WireProduct): string {
  return product.title.split(/[\s,.()«»"-]+/).find((word) => word.length >= 4) ?? product.title;
}

/**
 * Pages of every kind around the subject: some show the product, some list its category or brand
 * in an order or with a filter that follows prices, and the rest neither (they must stay cached).
 */
export function probePages(subject: ProbeSubject): ProbePage[] {
  const { product, folder, otherFolder, other } = subject;
  const sub = product.category?.slug ?? '';
  const brand = product.brand?.slug ?? '';
  const q = encodeURIComponent(searchWord(product));
  return [
    { kind: 'main', path: '/' },
    { kind: 'main', path: '/ua/' },
    { kind: 'folder', path: `/${folder}` },
    { kind: 'folder', path: `/ua/${folder}` },
    { kind: 'folder', path: `/${folder}/page-2` },
    { kind: 'folder', path: `/${otherFolder}` },
    { kind: 'subcategory', path: `/${folder}/${sub}` },
    { kind: 'subcategory', path: `/${otherFolder}/${other.category?.slug ?? ''}` },
    { kind: 'filtered', path: `/${folder}/price=1,100000` },
    { kind: 'filtered', path: `/${otherFolder}/price=1,100000` },
    { kind: 'filtered', path: `/${folder}/warehouses=1` },
    { kind: 'price-sorted', path: `/${folder}/sort-price` },
    { kind: 'price-sorted', path: `/${folder}/${sub}/sort-price-desc` },
    { kind: 'price-sorted', path: `/${otherFolder}/sort-price` },
    { kind: 'new-sorted', path: `/${otherFolder}/sort-new-desc` },
    { kind: 'brand', path: `/brand/${brand}` },
    { kind: 'brand', path: `/brand/${brand}/sort-price` },
    { kind: 'brand', path: `/brand/${other.brand?.slug ?? ''}` },
    { kind: 'search', path: `/search-result?q=${q}` },
    { kind: 'search', path: `/search-result/sort-price?q=${q}` },
    { kind: 'search', path: `/search-result?q=${encodeURIComponent(searchWord(other))}` },
    { kind: 'product', path: `/product/${product.slug}` },
    { kind: 'product', path: `/ua/product/${product.slug}` },
    { kind: 'product', path: `/product/${other.slug}` },
    { kind: 'sitemap', path: '/sitemap.xml' },
    { kind: 'sitemap', path: '/sitemap-categories.xml' },
    { kind: 'sitemap', path: '/sitemap-products-1.xml' },
  ];
}

/** Requests every page until it answers from the cache; the pages that are not 200 are left out. */
export async function warm(shopUrl: string, pages: readonly ProbePage[]): Promise<Map<string, PageState>> {
  const warmed = new Map<string, PageState>();
  for (const page of pages) {
    const first = await getPage(shopUrl, page.path);
    if (first.status !== 200) continue;
    const again = await getPage(shopUrl, page.path);
    if (again.cached) warmed.set(page.path, again);
  }
  return warmed;
}

/** Sets the recommended and selling price of one priced variant of `product`, as the ERP would; the tags it sent. */
export async function changeOnePrice(
  shopUrl: string,
  token: string,
  product: WireProduct,
  price: number,
): Promise<string[]> {
  const variant = product.nomenclature.find(
    (v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null,
  );
  if (!variant) throw new Error(`product ${product.id} has no priced variant`);
  const response = await fetch(`${shopUrl}/svc/search/admin/product/${product.id}/variant/${variant.id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ price: { recommended: price, selling: price } }),
  });
  if (response.status !== 200) throw new Error(`the price change answered ${response.status}`);
  return variantChangeResultSchema.parse(await response.json()).tags;
}

/** After a change: each warmed page as it answers now (the cached ones from the cache). */
export async function afterChange(
  shopUrl: string,
  warmed: ReadonlyMap<string, PageState>,
): Promise<Map<string, PageState>> {
  const now = new Map<string, PageState>();
  for (const path of warmed.keys()) now.set(path, await getPage(shopUrl, path));
  return now;
}
