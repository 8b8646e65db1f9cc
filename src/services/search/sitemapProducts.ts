import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import {
  sitemapFileOf,
  sitemapProductsQuerySchema,
  type SitemapProduct,
  type SitemapProducts,
} from '../../api/schemas/sitemap.ts';
import { bool, num, numOrNull, str, type Row } from '../db/rows.ts';
import { parseOr400 } from '../http/serviceApp.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import { photoLink } from './productImage.ts';

/**
 * `GET /public/sitemap/products?offset=&limit=` (issue 30): the products the shop shows (a price,
 * not archival: what a product page answers 200 for) in id order, a part of a sitemap file at a
 * time, each with its `lastmod` and what picks its photos (src/api/schemas/sitemap.ts). Read from
 * SQLite by ranges of the primary key, so a part costs the same wherever it starts and nothing is
 * held between parts. The variants are the product call's with `withPrice` (productLoader.ts):
 * archival ones hidden unless the whole product is archival, priced ones only.
 */

/** Products listed by the sitemaps, as the public product page shows them. */
const LISTED = 'has_price = 1 AND is_archival = 0';

type SitemapVariant = SitemapProduct['nomenclature'][number];

function groupBy(rows: Row[], column: string): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const key = num(row, column);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export function mountSitemapProducts(app: Hono, db: DatabaseSync, lookup: () => CatalogueLookup): void {
  const count = db.prepare(`SELECT count(*) AS n FROM product WHERE ${LISTED}`);
  const partAt = db.prepare(
    `SELECT id, slug, coalesce(changed_on, arrived_on) AS lastmod FROM product WHERE ${LISTED} ORDER BY id LIMIT ? OFFSET ?`,
  );
  const partAfter = db.prepare(
    `SELECT id, slug, coalesce(changed_on, arrived_on) AS lastmod FROM product WHERE id > ? AND ${LISTED} ORDER BY id LIMIT ?`,
  );
  const variants = db.prepare(
    `SELECT v.id, v.product_id, v.is_archival, v.price_recommended, v.price_selling, v.color_id, v.size_id,
            (SELECT coalesce(sum(s.quantity), 0) FROM variant_stock s WHERE s.variant_id = v.id) AS total
     FROM variant v WHERE v.product_id BETWEEN ? AND ? ORDER BY v.product_id, v.ordering`,
  );
  const images = db.prepare(
    `SELECT product_id, name, ordering, color_id FROM product_image WHERE product_id BETWEEN ? AND ?
     ORDER BY product_id, ordering`,
  );

  app.get('/public/sitemap/products', (c) => {
    const query = parseOr400(sitemapProductsQuerySchema, c.req.query(), 'query');
    const total = 'offset' in query ? num(count.get() ?? {}, 'n') : null;
    const rows =
      query.limit === 0
        ? []
        : 'offset' in query
          ? partAt.all(query.limit, query.offset)
          : partAfter.all(query.after, query.limit);
    const first = rows[0];
    const last = rows.at(-1);
    const body: SitemapProducts = { total, items: [] };
    if (!first || !last) return c.json(body);
    const range = [num(first, 'id'), num(last, 'id')] as const;
    const current = lookup();
    const presentation = (id: number | null) => {
      const value = id === null ? undefined : current.valueById.get(id);
      return value ? { slug: value.slug, ordering: value.ordering } : null;
    };
    const variantsOf = groupBy(variants.all(...range), 'product_id');
    const imagesOf = groupBy(images.all(...range), 'product_id');
    for (const row of rows) {
      const id = num(row, 'id');
      const all: SitemapVariant[] = (variantsOf.get(id) ?? []).map((v) => ({
        id: num(v, 'id'),
        isArchival: bool(v, 'is_archival'),
        totalAmount: num(v, 'total'),
        probablyPriceRecommended: numOrNull(v, 'price_recommended'),
        probablyPriceSelling: numOrNull(v, 'price_selling'),
        colorPresentation: presentation(numOrNull(v, 'color_id')),
        sizePresentation: presentation(numOrNull(v, 'size_id')),
      }));
      const wholeArchival = all.length > 0 && all.every((v) => v.isArchival);
      body.items.push({
        id,
        slug: str(row, 'slug'),
        lastmod: str(row, 'lastmod').slice(0, 10),
        nomenclature: all.filter(
          (v) =>
            (wholeArchival || !v.isArchival) && v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null,
        ),
        images: (imagesOf.get(id) ?? []).map((img) => {
          const colour = presentation(numOrNull(img, 'color_id'));
          return {
            link: photoLink(str(img, 'name')),
            order: num(img, 'ordering'),
            colorList: colour ? [colour.slug] : [],
          };
        }),
      });
    }
    return c.json(body);
  });
}

/** The sitemap file listing product `id` now; null when the sitemaps do not list it. */
export function sitemapFileFinder(db: DatabaseSync): (id: number) => number | null {
  const listed = db.prepare(`SELECT 1 FROM product WHERE id = ? AND ${LISTED}`);
  const before = db.prepare(`SELECT count(*) AS n FROM product WHERE id < ? AND ${LISTED}`);
  return (id) => (listed.get(id) === undefined ? null : sitemapFileOf(num(before.get(id) ?? {}, 'n')));
}
