import type { DatabaseSync } from 'node:sqlite';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { decodeQuery } from '../../api/queryString.ts';
import type { BrandAggregations } from '../../api/schemas/brandDetail.ts';
import type { CategoryConfig } from '../../api/schemas/categoryConfig.ts';
import { categorySearchQuerySchema } from '../../api/schemas/categorySearch.ts';
import type { ProductList } from '../../api/schemas/product.ts';
import {
  accessoryQuerySchema,
  combinedProductQuerySchema,
  productDetailQuerySchema,
} from '../../api/schemas/productDetail.ts';
import { MAX_COMBINED_ITEMS } from '../../api/schemas/productDetail.ts';
import type { AccessoryList, CombinedProduct, ProductDetail } from '../../api/schemas/productDetail.ts';
import { catalogMetaQuerySchema, smartMetaQuerySchema } from '../../api/schemas/searchMeta.ts';
import { commonSearchQuerySchema, idOrSlugSchema, productListQuerySchema } from '../../api/schemas/searchParams.ts';
import type { IdOrSlug } from '../../api/schemas/searchParams.ts';
import { productQuerySchema } from '../../api/schemas/searchQuery.ts';
import { VARIANT_PRODUCTS_PATH, variantProductsQuerySchema } from '../../api/schemas/variantProducts.ts';
import type { VariantProducts } from '../../api/schemas/variantProducts.ts';
import { createServiceApp, parseOr400, ServiceError } from '../http/serviceApp.ts';
import { photoResponse } from '../http/photoImage.ts';
import { svgResponse } from '../http/svgImage.ts';
import { num, numOrNull, str, strOrNull } from '../db/rows.ts';
import { createBrandDetails } from './brandDetail.ts';
import { catalogMeta, createCatalogPages } from './catalogPages.ts';
import { buildCategoryConfig } from './categoryConfig.ts';
import { categoryDetail, createCategorySearch, findCategory } from './categorySearch.ts';
import { createCatalogueLookup } from './catalogueLookup.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import { aggregations, listProducts } from './listing.ts';
import type { ListingScope } from './listing.ts';
import { createProductLoader } from './productLoader.ts';
import { createProductRelations } from './productDetail.ts';
import { createProductQueryRunner } from './productQuery.ts';
import { mountSearchAdminApi } from './adminApi.ts';
import type { SearchAdminOptions } from './adminApi.ts';
import { createProductWriter } from './productWrites.ts';
import { mountSitemapProducts } from './sitemapProducts.ts';
import { FLAG_OUTLET } from './searchIndex.ts';
import { createSearchIndexHolder } from './indexHolder.ts';
import type { IndexHolderOptions } from './indexHolder.ts';
import { createQuickAnswers, quickKey } from './quickAnswers.ts';
import type { SearchIndex } from './searchIndex.ts';
import { createSmartMeta, productMeta } from './smartMeta.ts';
import { frameTurn, imageNumber, parseImageFile, renderProductSvg } from './productImage.ts';
import { renderPhotoOffThread } from './photoRenderer.ts';
import { createPhotoStore } from './photoStore.ts';

/** Parses a path segment that names a product, category or brand (id or slug); 400 when malformed. */
function pathKey(value: string, what: string): IdOrSlug {
  return parseOr400(idOrSlugSchema, value, what);
}

/** Query parameters as the indexed-array tree the schemas validate. */
function queryOf(url: string): Record<string, unknown> {
  return decodeQuery(new URL(url).searchParams);
}

const indexReady = new WeakMap<Hono, () => boolean>();

/** Whether a search app has its first index (a large catalogue's is built after the start; `/readyz` waits for it). */
export function searchIndexReady(app: Hono): boolean {
  return indexReady.get(app)?.() ?? true;
}

export interface SearchAppOptions extends SearchAdminOptions {
  /** Matches per word the quick search walks (default QUICK_MATCH_CAP; tests make it small). */
  quickMatchCap?: number;
  /** How the index is rebuilt after an outside write (indexHolder.ts); tests only. */
  indexHolder?: IndexHolderOptions;
}

/**
 * The search service (spec §7 "Search service", all GET): category config, catalogue queries with
 * facets (plain, outlet, catalogues, by ids), products with their group and accessories,
 * categories, brands, page meta and generated product images; and our admin API for prices and
 * stock (adminApi.ts), which reports each change to `options.onProductChange`.
 */
export function createSearchApp(db: DatabaseSync, options: SearchAppOptions = {}): Hono {
  const app = createServiceApp('search');
  const lookup = createCatalogueLookup(db);
  // Its first build starts now, on a worker thread (indexHolder.ts); requests wait only for that one.
  const indexHolder = createSearchIndexHolder(db, options.indexHolder);
  indexReady.set(app, () => indexHolder.isReady());
  const searchIndex = (): SearchIndex => indexHolder.current();
  // Routes that read the index wait for the first build (start-up); the others (product pages,
  // category config, meta, images) answer meanwhile.
  const indexed: MiddlewareHandler = async (_c, next) => {
    await indexHolder.ready();
    await next();
  };
  const quickAnswers = createQuickAnswers();
  /** A JSON answer; the quick search's from the brief cache when it has one (quickAnswers.ts). */
  const answer = (c: Context, isQuick: boolean, make: () => unknown): Response => {
    // Reading the index first notices an outside write (and starts its rebuild) on a cache hit too.
    searchIndex();
    const json = isQuick
      ? quickAnswers.get(quickKey(c.req.url), indexHolder.generation(), () => JSON.stringify(make()))
      : JSON.stringify(make());
    return c.body(json, 200, { 'content-type': 'application/json' });
  };
  const runQuery = createProductQueryRunner(db, options.quickMatchCap);
  const loadProducts = createProductLoader(db);
  const catalogPages = createCatalogPages(db);
  const relations = createProductRelations(db);
  const searchCategories = createCategorySearch(db, options.quickMatchCap);
  const brands = createBrandDetails(db);
  const smartMeta = createSmartMeta(db, { runQuery });
  let configCache: { version: number; body: CategoryConfig } | null = null;

  const categoryConfig = (current: CatalogueLookup): CategoryConfig => {
    const cached = configCache?.version === current.version ? configCache : null;
    const fresh = cached ?? { version: current.version, body: buildCategoryConfig(db, current) };
    configCache = fresh;
    return fresh.body;
  };

  app.get('/public/category-config', (c) => {
    parseOr400(commonSearchQuerySchema, c.req.query(), 'query');
    return c.json(categoryConfig(lookup()));
  });

  /** A listing with the `/public/products` query and answer, narrowed by `scope`. */
  const listing = (url: string, scope: (index: SearchIndex) => ListingScope = () => ({})): ProductList => {
    const raw = queryOf(url);
    const query = parseOr400(productListQuerySchema, raw, 'query');
    const index = searchIndex();
    const sent = { order: raw.order !== undefined, limit: raw.limit !== undefined };
    return listProducts({ runQuery, loadProducts }, lookup(), index, query, sent, scope(index));
  };

  app.get('/public/products', indexed, (c) => {
    const isQuick = new URL(c.req.url).searchParams.get('quick') === '1';
    return answer(c, isQuick, () => listing(c.req.url));
  });
  mountSitemapProducts(app, db, lookup);

  // Ours (schemas/variantProducts.ts): archival variants too, so a line of one is "archival", not "unknown".
  const variantProductsStatement = db.prepare(
    'SELECT id, product_id FROM variant WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  app.get(VARIANT_PRODUCTS_PATH, (c) => {
    const { ids } = parseOr400(variantProductsQuerySchema, queryOf(c.req.url), 'query');
    const rows = variantProductsStatement.all(JSON.stringify(ids));
    const body: VariantProducts = {
      items: rows.map((row) => ({ internalId: num(row, 'id'), productId: num(row, 'product_id') })),
    };
    return c.json(body);
  });

  app.get('/public/products/sale-outlet', indexed, (c) =>
    c.json(listing(c.req.url, () => ({ requireFlags: FLAG_OUTLET }))),
  );

  const emptyMask = new Uint8Array(0);
  app.get('/public/products/catalog/:slug', indexed, (c) => {
    const slug = parseOr400(idOrSlugSchema, c.req.param('slug'), 'catalogue slug');
    const page = 'slug' in slug ? catalogPages(slug.slug) : undefined;
    if (!page) throw new ServiceError(404, `No catalogue ${c.req.param('slug')}`);
    return c.json(
      listing(c.req.url, (index) =>
        page.kind === 'outlet'
          ? { requireFlags: FLAG_OUTLET }
          : { restrict: index.catalogues.get(page.id) ?? emptyMask },
      ),
    );
  });

  app.get('/public/catalog/:slug/meta', (c) => {
    const slug = parseOr400(idOrSlugSchema, c.req.param('slug'), 'catalogue slug');
    const query = parseOr400(catalogMetaQuerySchema, c.req.query(), 'query');
    // Spec §7: this call carries the project code as a header.
    parseOr400(commonSearchQuerySchema.shape.project, c.req.header('project'), 'project header');
    const page = 'slug' in slug ? catalogPages(slug.slug) : undefined;
    if (!page) throw new ServiceError(404, `No catalogue ${c.req.param('slug')}`);
    return c.json(catalogMeta(page, query.locale, query.page));
  });

  /** The product named by the path (id or slug), or 404. */
  const productFor = (param: string): { id: number; productGroup: string | null } => {
    const found = relations.find(pathKey(param, 'product id'));
    if (!found) throw new ServiceError(404, `No product ${param}`);
    return found;
  };

  app.get('/public/products/:id/combined', (c) => {
    const found = productFor(c.req.param('id'));
    const query = parseOr400(combinedProductQuerySchema, c.req.query(), 'query');
    const current = lookup();
    const [product] = loadProducts(current, [found.id], { withPrice: query.withPrice });
    if (!product) throw new ServiceError(404, `No product ${c.req.param('id')}`);
    const members =
      found.productGroup === null
        ? []
        : relations.groupMembers(found.productGroup, found.id, { ...query, limit: MAX_COMBINED_ITEMS });
    const body: CombinedProduct = {
      product,
      productGroup: found.productGroup,
      items: loadProducts(current, members, { withPrice: query.withPrice }),
    };
    return c.json(body);
  });

  app.get('/public/products/:id/accessory', (c) => {
    const found = productFor(c.req.param('id'));
    const query = parseOr400(accessoryQuerySchema, c.req.query(), 'query');
    const ids = relations.accessories(found.id, query);
    const body: AccessoryList = { items: loadProducts(lookup(), ids, { withPrice: query.withPrice }) };
    return c.json(body);
  });

  app.get('/public/products/:id', (c) => {
    const found = productFor(c.req.param('id'));
    const query = parseOr400(productDetailQuerySchema, c.req.query(), 'query');
    const [product] = loadProducts(lookup(), [found.id], { withPrice: query.withPrice });
    if (!product) throw new ServiceError(404, `No product ${c.req.param('id')}`);
    const body: ProductDetail = query.withSmartMeta
      ? { ...product, smartMeta: productMeta(product, query.locale) }
      : product;
    return c.json(body);
  });

  /** The category named by the path (id or slug), or 404. */
  const categoryFor = (current: CatalogueLookup, param: string) => {
    const category = findCategory(current, pathKey(param, 'category id'));
    if (!category) throw new ServiceError(404, `No category ${param}`);
    return category;
  };

  app.get('/public/category', indexed, (c) => {
    const query = parseOr400(categorySearchQuerySchema, queryOf(c.req.url), 'query');
    return answer(c, query.quick, () => searchCategories(lookup(), searchIndex(), query));
  });

  app.get('/public/category/:id/smart-meta', indexed, (c) => {
    const current = lookup();
    const category = categoryFor(current, c.req.param('id'));
    const query = parseOr400(smartMetaQuerySchema, queryOf(c.req.url), 'query');
    return c.json(smartMeta(current, searchIndex(), category, query));
  });

  app.get('/public/category/:id', indexed, (c) => {
    const current = lookup();
    const category = categoryFor(current, c.req.param('id'));
    parseOr400(commonSearchQuerySchema, c.req.query(), 'query');
    return c.json(categoryDetail(categoryConfig(current), current, searchIndex(), category));
  });

  /** The brand named by the path (id or slug), or 404. */
  const brandFor = (param: string) => {
    const brand = brands.find(pathKey(param, 'brand id'));
    if (!brand) throw new ServiceError(404, `No brand ${param}`);
    return brand;
  };

  app.get('/public/brand/:id/agg', indexed, (c) => {
    const brand = brandFor(c.req.param('id'));
    const raw = queryOf(c.req.url);
    const parsed = parseOr400(productQuerySchema, raw, 'query');
    const query = {
      ...parsed,
      filters: [...parsed.filters.filter((f) => f.topic !== 'brand'), { topic: 'brand', values: [brand.slug] }],
    };
    const current = lookup();
    const result = runQuery(current, searchIndex(), { query, explicitOrder: raw.order !== undefined });
    const aggr = aggregations(current, result);
    const body: BrandAggregations = {
      brand: { id: brand.id, slug: brand.slug, title: brand.title, image: brand.image },
      aggr: { ...aggr, topicList: aggr.topicList.filter((t) => t.slug !== 'brand') },
      total: result.total,
    };
    return c.json(body);
  });

  app.get('/public/brand/:id', (c) => {
    const brand = brandFor(c.req.param('id'));
    parseOr400(commonSearchQuerySchema, c.req.query(), 'query');
    return c.json(brands.detail(lookup(), brand));
  });

  app.use('/admin/*', indexed);
  mountSearchAdminApi(
    app,
    {
      writer: createProductWriter(db),
      index: indexHolder,
      loadProduct: (id) => loadProducts(lookup(), [id], { withPrice: false })[0],
    },
    options,
  );

  // A product picture, or a frame of a rotating (360°) set (`frame` from 0; NULL for a picture).
  const imageRow = db.prepare(
    `SELECT i.product_id, p.image_kind, v.css_background, v.code, NULL AS frame
     FROM product_image i JOIN product p ON p.id = i.product_id LEFT JOIN filter_value v ON v.id = i.color_id
     WHERE i.name = ?1
     UNION ALL
     SELECT r.product_id, p.image_kind, v.css_background, v.code, r.ordering AS frame
     FROM product_rotate_image r JOIN product p ON p.id = r.product_id LEFT JOIN filter_value v ON v.id = r.color_id
     WHERE r.name = ?1`,
  );
  const photos = createPhotoStore(options.photoDir ?? null);
  // A picture as a full-size JPEG photo (what products link to) or as the drawing it is made from
  // (`.svg`: rotating frames, and anything that still wants the 1 KB version).
  app.get('/public/images/:file', async (c) => {
    const file = parseImageFile(c.req.param('file'));
    const row = file === null ? undefined : imageRow.get(file.name);
    if (file === null || row === undefined) throw new ServiceError(404, 'No such image');
    const { name } = file;
    const productId = num(row, 'product_id');
    const frame = numOrNull(row, 'frame');
    const spec = {
      kind: str(row, 'image_kind'),
      css: strOrNull(row, 'css_background'),
      code: strOrNull(row, 'code'),
      article: String(productId),
      index: frame === null ? imageNumber(name) : 1,
      productId,
      turn: frame === null ? undefined : frameTurn(frame),
    };
    if (file.format === 'svg') return svgResponse(c, renderProductSvg(spec));
    return photoResponse(c, await photos.get(name, () => renderPhotoOffThread(name, spec)));
  });

  return app;
}
