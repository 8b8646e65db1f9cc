import { z } from 'zod';
import { productSchema } from './product.ts';

/**
 * The search service's admin API (ours; the spec lists only its public GET calls): how the ERP, or
 * a test, changes a variant's prices and stock. Both sides parse with these schemas.
 */

export const SEARCH_ADMIN_LIMITS = {
  /** Largest price accepted, UAH. */
  maxPrice: 10_000_000,
  /** Largest quantity of one variant in one warehouse. */
  maxQuantity: 1_000_000,
  /** Warehouses in one change. */
  maxWarehouses: 500,
  /** Request body size, bytes. */
  requestBytes: 64 * 1024,
} as const;

const MAX_ID = 2 ** 31 - 1;

/** A positive integer id from a path segment. */
export const adminIdSchema = z.coerce.number().int().positive().max(MAX_ID);

/** Hryvnias with at most two decimals (kopecks). */
const amountSchema = z
  .number()
  .positive()
  .max(SEARCH_ADMIN_LIMITS.maxPrice)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'at most two decimals (kopecks)',
  });

/**
 * New prices; an absent field keeps the current one, null removes it (a variant without both a
 * recommended and a selling price is not shown, spec §5).
 */
export const variantPriceChangeSchema = z
  .strictObject({
    recommended: amountSchema.nullable().optional(),
    selling: amountSchema.nullable().optional(),
    subscription: amountSchema.nullable().optional(),
  })
  .refine((price) => Object.keys(price).length > 0, { message: 'give at least one price' });

/** Stock of the variant in one warehouse; 0 means none there any more. */
export const warehouseQuantitySchema = z.strictObject({
  warehouseId: z.number().int().positive().max(MAX_ID),
  quantity: z.number().int().nonnegative().max(SEARCH_ADMIN_LIMITS.maxQuantity),
});

/**
 * Body of `PATCH /admin/product/{id}/variant/{variantId}`: new prices and/or stock quantities of
 * the listed warehouses (warehouses not listed keep theirs).
 */
export const variantChangeSchema = z
  .strictObject({
    price: variantPriceChangeSchema.optional(),
    stock: z
      .array(warehouseQuantitySchema)
      .min(1)
      .max(SEARCH_ADMIN_LIMITS.maxWarehouses)
      .refine((rows) => new Set(rows.map((row) => row.warehouseId)).size === rows.length, {
        message: 'each warehouse at most once',
      })
      .optional(),
  })
  .refine((change) => change.price !== undefined || change.stock !== undefined, {
    message: 'give price and/or stock',
  });
export type VariantChange = z.infer<typeof variantChangeSchema>;

/** Answer of the change: the product as `GET /public/products/{id}` now shows it, and the cache tags notified. */
export const variantChangeResultSchema = z.object({
  product: productSchema,
  /** False when the body repeated what was already stored: nothing was written or notified. */
  changed: z.boolean(),
  /** Route-cache tags sent to the change hook (empty when nothing changed). */
  tags: z.array(z.string()),
});
export type VariantChangeResult = z.infer<typeof variantChangeResultSchema>;
