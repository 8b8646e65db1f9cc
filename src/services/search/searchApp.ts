import type { DatabaseSync } from 'node:sqlite';
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import { decodeQuery } from '../../api/queryString.ts';
import type { CategoryConfig } from '../../api/schemas/categoryConfig.ts';
import type { Aggregations, ProductList } from '../../api/schemas/product.ts';
import { productQuerySchema } from '../../api/schemas/searchQuery.ts';
import { createServiceApp, parseOr400, ServiceError } from '../http/serviceApp.ts';
import { cachedByDataVersion } from '../db/dataVersion.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import { buildCategoryConfig } from './categoryConfig.ts';
import { createCatalogueLookup } from './catalogueLookup.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import { createProductLoader } from './productLoader.ts';
import { createProductQueryRunner } from './productQuery.ts';
import type { QueryResult } from './productQuery.ts';
import { buildSearchIndex } from './searchIndex.ts';
import { imageNumber, parseImageFile, renderProductSvg } from './productImage.ts';

/** `project` and `locale` are accepted on every public call (spec §7) and validated, though the answer is the same. */
const commonQuerySchema = z.object({
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .optional(),
  locale: z.enum(['ru', 'uk']).optional(),
});

function aggregations(lookup: CatalogueLookup, result: QueryResult): Aggregations {
  const byTopic = new Map<number, { slug: string; ordering: number; count: number; active: boolean }[]>();
  const add = (valueId: number, count: number): void => {
    const value = lookup.valueById.get(valueId);
    if (!value) return;
    const list = byTopic.get(value.topicId) ?? [];
    list.push({ slug: value.slug, ordering: value.ordering, count, active: result.active.has(valueId) });
    byTopic.set(value.topicId, list);
  };
  for (const [valueId, count] of result.facets) add(valueId, count);
  // A selected value keeps its place (count 0) even when nothing matches it any more.
  for (const valueId of result.active) if (!result.facets.has(valueId)) add(valueId, 0);
  return {
    topicList: lookup.topics.flatMap((topic) => {
      const entries = byTopic.get(topic.id);
      if (!entries) return [];
      entries.sort((a, b) => a.ordering - b.ordering);
      return [
        {
          slug: topic.slug,
          ordering: topic.ordering,
          filterList: entries.map(({ slug, count, active }) => ({ slug, count, active })),
        },
      ];
    }),
    price: result.price,
  };
}

/** The search service: category config, catalogue queries with facets, generated product images. */
export function createSearchApp(db: DatabaseSync): Hono {
  const app = createServiceApp('search');
  const lookup = createCatalogueLookup(db);
  const searchIndex = cachedByDataVersion(db, () => buildSearchIndex(db));
  // Built now rather than on the first shopper's request (~0.5 s at 50,000 products).
  searchIndex();
  const runQuery = createProductQueryRunner(db);
  const loadProducts = createProductLoader(db);
  let configCache: { version: number; body: CategoryConfig } | null = null;

  app.get('/public/category-config', (c) => {
    parseOr400(commonQuerySchema, c.req.query(), 'query');
    const current = lookup();
    const cached = configCache?.version === current.version ? configCache : null;
    const fresh = cached ?? { version: current.version, body: buildCategoryConfig(db, current) };
    configCache = fresh;
    return c.json(fresh.body);
  });

  app.get('/public/products', (c) => {
    const raw = decodeQuery(new URL(c.req.url).searchParams);
    const query = parseOr400(productQuerySchema, raw, 'query');
    const current = lookup();
    const result = runQuery(current, searchIndex(), { query, explicitOrder: raw.order !== undefined });
    const body: ProductList = {
      items: loadProducts(current, result.ids, { withPrice: query.withPrice === true }),
      aggr: aggregations(current, result),
      pagination: { total: result.total, page: query.page, limit: query.limit },
    };
    return c.json(body);
  });

  const imageRow = db.prepare(
    `SELECT i.product_id, p.image_kind, v.css_background, v.code
     FROM product_image i JOIN product p ON p.id = i.product_id LEFT JOIN filter_value v ON v.id = i.color_id
     WHERE i.name = ?`,
  );
  app.get('/public/images/:file', (c) => {
    const name = parseImageFile(c.req.param('file'));
    const row = name === null ? undefined : imageRow.get(name);
    if (name === null || row === undefined) throw new ServiceError(404, 'No such image');
    const productId = num(row, 'product_id');
    const svg = renderProductSvg({
      kind: str(row, 'image_kind'),
      css: strOrNull(row, 'css_background'),
      code: strOrNull(row, 'code'),
      article: String(productId),
      index: imageNumber(name),
      productId,
    });
    const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
    const headers = {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened on its own is a document: it may not run or load anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, headers);
  });

  return app;
}
