import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import type { WireProduct } from '../../api/schemas/product.ts';
import { sitemapFileOf, sitemapProductsQuerySchema, type SitemapProducts } from '../../api/schemas/sitemap.ts';
import { num, str } from '../db/rows.ts';
import { parseOr400 } from '../http/serviceApp.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import type { LoadOptions } from './productLoader.ts';

/**
 * `GET /public/sitemap/products?offset=&limit=` (issue 30): the products the shop shows (a price,
 * not archival: what a product page answers 200 for) in id order, a part of a sitemap file at a
 * time, each with its `lastmod`. Read from SQLite by the primary key, so a part costs the same
 * wherever it starts and nothing is held between parts.
 */

/** Products listed by the sitemaps, as the public product page shows them. */
const LISTED = 'has_price = 1 AND is_archival = 0';

export interface SitemapDeps {
  lookup: () => CatalogueLookup;
  loadProducts: (lookup: CatalogueLookup, ids: number[], opts: LoadOptions) => WireProduct[];
}

export function mountSitemapProducts(app: Hono, db: DatabaseSync, deps: SitemapDeps): void {
  const count = db.prepare(`SELECT count(*) AS n FROM product WHERE ${LISTED}`);
  const part = db.prepare(
    `SELECT id, coalesce(changed_on, arrived_on) AS lastmod FROM product WHERE ${LISTED} ORDER BY id LIMIT ? OFFSET ?`,
  );
  app.get('/public/sitemap/products', (c) => {
    const query = parseOr400(sitemapProductsQuerySchema, c.req.query(), 'query');
    const total = num(count.get() ?? {}, 'n');
    const rows = query.limit === 0 ? [] : part.all(query.limit, query.offset);
    const lastmod = new Map(rows.map((row) => [num(row, 'id'), str(row, 'lastmod').slice(0, 10)]));
    const products = deps.loadProducts(deps.lookup(), [...lastmod.keys()], { withPrice: true });
    const body: SitemapProducts = {
      total,
      items: products.map((product) => ({ product, lastmod: lastmod.get(product.id) ?? '' })),
    };
    return c.json(body);
  });
}

/** The sitemap file listing product `id` now; null when the sitemaps do not list it. */
export function sitemapFileFinder(db: DatabaseSync): (id: number) => number | null {
  const listed = db.prepare(`SELECT 1 FROM product WHERE id = ? AND ${LISTED}`);
  const before = db.prepare(`SELECT count(*) AS n FROM product WHERE id < ? AND ${LISTED}`);
  return (id) => (listed.get(id) === undefined ? null : sitemapFileOf(num(before.get(id) ?? {}, 'n')));
}
