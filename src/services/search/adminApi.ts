import type { Hono } from 'hono';
import type { WireProduct } from '../../api/schemas/product.ts';
import { adminIdSchema, SEARCH_ADMIN_LIMITS, variantChangeSchema } from '../../api/schemas/searchAdmin.ts';
import type { VariantChangeResult } from '../../api/schemas/searchAdmin.ts';
import { productChange } from './productChangeTags.ts';
import type { ProductChange } from './productChangeTags.ts';
import { changeNotifier, guardAdminRoutes, readJsonBody } from '../http/adminRoutes.ts';
import { parseOr400, ServiceError } from '../http/serviceApp.ts';
import type { ProductWriter } from './productWrites.ts';
import { withProductListing } from './searchIndex.ts';
import type { SearchIndexHolder } from './indexHolder.ts';

/**
 * The search service's admin API: how the ERP (here: tests and operators) changes what the
 * catalogue sells at, and where it is in stock. Guarded by `Authorization: Bearer <token>`
 * (`SEARCH_ADMIN_TOKEN`); without a configured token every call is refused.
 *
 * - `PATCH /admin/product/{id}/variant/{variantId}` with `variantChangeSchema`
 *   (`{ "price": { "recommended", "selling", "subscription" }, "stock": [{ "warehouseId", "quantity" }] }`,
 *   either part optional): a partial update, so PATCH. A price absent from `price` is kept, null
 *   removes it; the warehouses listed get their new quantity (0: none there), others keep theirs.
 *   Answers 200 with `variantChangeResultSchema`: the product as `GET /public/products/{id}` now
 *   shows it, whether anything changed, and the cache tags notified.
 *
 * The change is committed to SQLite in one transaction together with the derived columns (discount,
 * lowest price, stocked warehouses), the in-memory listing index is updated, and then
 * `onProductChange` is called with the route-cache tags the change affects
 * (src/services/search/productChangeTags.ts); a failing or slow hook is logged and never fails the
 * request. A body that changes nothing writes and notifies nothing.
 * Errors: 400 invalid path or body, 401 token, 404 no such product or variant of it, 413 too large.
 */

export interface SearchAdminOptions {
  /** The bearer token the ERP sends. Unset or empty: every admin call is refused with 401. */
  adminToken?: string | undefined;
  onProductChange?: ((change: ProductChange) => void | Promise<void>) | undefined;
  /** How long the hook may take before the caller gets the answer anyway (default 5 s). */
  hookTimeoutMs?: number;
  /** Where generated product photos are kept (null or unset: in memory only). */
  photoDir?: string | null | undefined;
}

export interface SearchAdminDeps {
  writer: ProductWriter;
  index: SearchIndexHolder;
  /** The product as the public product call answers it (all variants shown by the spec's rules). */
  loadProduct: (id: number) => WireProduct | undefined;
}

export function mountSearchAdminApi(app: Hono, deps: SearchAdminDeps, options: SearchAdminOptions): void {
  const hookTimeoutMs = options.hookTimeoutMs ?? 5000;

  const notify = changeNotifier<ProductChange>('search', options.onProductChange, hookTimeoutMs);

  guardAdminRoutes(app, {
    token: options.adminToken,
    realm: 'search-admin',
    tokenVariable: 'SEARCH_ADMIN_TOKEN',
    requestBytes: SEARCH_ADMIN_LIMITS.requestBytes,
  });

  app.patch('/admin/product/:id/variant/:variantId', async (c) => {
    const productId = parseOr400(adminIdSchema, c.req.param('id'), 'product id');
    const variantId = parseOr400(adminIdSchema, c.req.param('variantId'), 'variant id');
    const change = parseOr400(variantChangeSchema, await readJsonBody(c), 'body');
    const result = deps.writer.changeVariant(productId, variantId, change);
    if (result === null) throw new ServiceError(404, `No variant ${variantId} of product ${productId}`);
    let tags: string[] = [];
    if (result.changed) {
      deps.index.update((index) => withProductListing(index, result.listing));
      const notice = productChange(result.product, result.effects);
      tags = notice.tags;
      await notify(notice);
    }
    const product = deps.loadProduct(productId);
    if (!product) throw new Error(`product ${productId} vanished after its change`);
    const body: VariantChangeResult = { product, changed: result.changed, tags };
    return c.json(body);
  });
}
