import type { DatabaseSync } from 'node:sqlite';
import type { VariantChange } from '../../api/schemas/searchAdmin.ts';
import { NO_EFFECTS, type ChangedProduct, type ListingEffects } from './productChangeTags.ts';
import { sitemapFileFinder } from './sitemapProducts.ts';
import { inTransaction } from '../db/database.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import { discountRate, listingFacts, shownVariants } from './listingFacts.ts';
import type { ListingVariant } from './listingFacts.ts';
import type { ListingFacts } from './searchIndex.ts';

/**
 * Writes of a variant's prices and stock (the admin API), with the derived columns the seed fills
 * at load time kept true: `variant.discount_rate`, `product.has_price`, `min_price`,
 * `max_discount` and the `product_warehouse` rows, by the same rules as the seed (listingFacts.ts).
 */

export interface VariantWriteResult {
  product: ChangedProduct;
  /** False when the change repeated what was stored (nothing was written). */
  changed: boolean;
  /** What the change does to listings (productChangeTags.ts); all false when nothing changed. */
  effects: ListingEffects;
  /** The product's listing facts after the change, for the in-memory index. */
  listing: ListingFacts;
}

interface VariantState {
  id: number;
  isArchival: boolean;
  isPromotional: boolean;
  recommended: number | null;
  selling: number | null;
  subscription: number | null;
  /** warehouse id → quantity (> 0). */
  stock: Map<number, number>;
}

/** The variant as the listing rules read it. */
function asListed(v: VariantState): ListingVariant {
  return { ...v, warehouses: [...v.stock.keys()] };
}

function factsOf(productId: number, variants: readonly VariantState[]): ListingFacts {
  return listingFacts(productId, variants.map(asListed));
}

/** What a listing shows of the variants' prices: shown variants' recommended and selling prices. */
function priceSignature(variants: readonly VariantState[]): string {
  return JSON.stringify(shownVariants(variants).map((v) => [v.id, v.recommended, v.selling]));
}

/** Which variants are in stock anywhere: what the page's availability (and its default colour) follows. */
function availabilitySignature(variants: readonly VariantState[]): string {
  return variants.map((v) => (v.stock.size > 0 ? 1 : 0)).join('');
}

/** The outlet lists a product with a promotional variant or a discount (searchIndex.ts FLAG_OUTLET). */
const inOutlet = (facts: ListingFacts): boolean => facts.promotional || facts.maxDiscount > 0;

/** Today as the sitemaps write it (a W3C date, UTC). */
const today = (now: Date): string => now.toISOString().slice(0, 10);

function fullSignature(variants: readonly VariantState[]): string {
  return JSON.stringify(
    variants.map((v) => [v.id, v.recommended, v.selling, v.subscription, [...v.stock].sort((a, b) => a[0] - b[0])]),
  );
}

export interface ProductWriter {
  /** Applies `change` to variant `variantId` of product `productId`; null when there is no such variant of that product. */
  changeVariant(productId: number, variantId: number, change: VariantChange): VariantWriteResult | null;
}

export function createProductWriter(db: DatabaseSync, now: () => Date = () => new Date()): ProductWriter {
  const sitemapFileOf = sitemapFileFinder(db);
  const lastmodRow = db.prepare('SELECT coalesce(changed_on, arrived_on) AS lastmod FROM product WHERE id = ?');
  const touch = db.prepare('UPDATE product SET changed_on = ? WHERE id = ?');
  // The catalogues listing the product by name (the outlet lists by discount: effectsOf).
  const catalogRows = db.prepare(
    `SELECT c.slug FROM catalog_product cp JOIN catalog c ON c.id = cp.catalog_id
     WHERE cp.product_id = ? AND c.kind <> 'outlet' ORDER BY c.slug`,
  );
  const outletSlug = db.prepare(`SELECT slug FROM catalog WHERE kind = 'outlet' ORDER BY id LIMIT 1`);
  const productRow = db.prepare(
    `SELECT p.id, p.slug, p.brand_id, f.slug AS folder_slug, c.slug AS category_slug
     FROM product p JOIN category f ON f.id = p.folder_category_id LEFT JOIN category c ON c.id = p.category_id
     WHERE p.id = ?`,
  );
  const variantOf = db.prepare('SELECT 1 FROM variant WHERE id = ? AND product_id = ?');
  const variantRows = db.prepare(
    `SELECT id, is_archival, is_promotional, price_recommended, price_selling, price_subscription
     FROM variant WHERE product_id = ? ORDER BY ordering, id`,
  );
  const stockRows = db.prepare(
    `SELECT s.variant_id, s.warehouse_id, s.quantity FROM variant v JOIN variant_stock s ON s.variant_id = v.id
     WHERE v.product_id = ? ORDER BY s.variant_id, s.warehouse_id`,
  );
  const updatePrices = db.prepare(
    `UPDATE variant SET price_recommended = ?, price_selling = ?, price_subscription = ?, discount_rate = ?
     WHERE id = ?`,
  );
  const upsertStock = db.prepare(
    `INSERT INTO variant_stock (variant_id, warehouse_id, quantity) VALUES (?, ?, ?)
     ON CONFLICT (variant_id, warehouse_id) DO UPDATE SET quantity = excluded.quantity`,
  );
  const deleteStock = db.prepare('DELETE FROM variant_stock WHERE variant_id = ? AND warehouse_id = ?');
  const updateProduct = db.prepare('UPDATE product SET has_price = ?, min_price = ?, max_discount = ? WHERE id = ?');
  const addWarehouse = db.prepare('INSERT OR IGNORE INTO product_warehouse (warehouse_id, product_id) VALUES (?, ?)');
  const dropWarehouse = db.prepare('DELETE FROM product_warehouse WHERE warehouse_id = ? AND product_id = ?');

  const readVariants = (productId: number): VariantState[] => {
    const stock = new Map<number, Map<number, number>>();
    for (const row of stockRows.all(productId)) {
      const variantId = num(row, 'variant_id');
      const map = stock.get(variantId) ?? new Map<number, number>();
      map.set(num(row, 'warehouse_id'), num(row, 'quantity'));
      stock.set(variantId, map);
    }
    return variantRows.all(productId).map((row) => ({
      id: num(row, 'id'),
      isArchival: bool(row, 'is_archival'),
      isPromotional: bool(row, 'is_promotional'),
      recommended: numOrNull(row, 'price_recommended'),
      selling: numOrNull(row, 'price_selling'),
      subscription: numOrNull(row, 'price_subscription'),
      stock: stock.get(num(row, 'id')) ?? new Map<number, number>(),
    }));
  };

  return {
    changeVariant(productId, variantId, change) {
      return inTransaction(db, () => {
        const row = productRow.get(productId);
        if (row === undefined || variantOf.get(variantId, productId) === undefined) return null;
        const product: ChangedProduct = {
          id: productId,
          slug: str(row, 'slug'),
          folderCategorySlug: str(row, 'folder_slug'),
          categorySlug: strOrNull(row, 'category_slug'),
          brandId: numOrNull(row, 'brand_id'),
          catalogSlugs: catalogRows.all(productId).map((r) => str(r, 'slug')),
        };
        const before = readVariants(productId);
        const after = before.map((v) => {
          if (v.id !== variantId) return v;
          const price = change.price ?? {};
          const stock = new Map(v.stock);
          for (const { warehouseId, quantity } of change.stock ?? []) {
            if (quantity > 0) stock.set(warehouseId, quantity);
            else stock.delete(warehouseId);
          }
          return {
            ...v,
            recommended: price.recommended === undefined ? v.recommended : price.recommended,
            selling: price.selling === undefined ? v.selling : price.selling,
            subscription: price.subscription === undefined ? v.subscription : price.subscription,
            stock,
          };
        });
        const listing = factsOf(productId, after);
        if (fullSignature(before) === fullSignature(after)) {
          return { product, changed: false, effects: NO_EFFECTS, listing };
        }

        const variant = after.find((v) => v.id === variantId);
        const old = before.find((v) => v.id === variantId);
        if (!variant || !old) throw new Error(`variant ${variantId} vanished inside its transaction`);
        updatePrices.run(
          variant.recommended,
          variant.selling,
          variant.subscription,
          discountRate(variant.recommended, variant.selling),
          variantId,
        );
        for (const warehouse of old.stock.keys())
          if (!variant.stock.has(warehouse)) deleteStock.run(variantId, warehouse);
        for (const [warehouse, quantity] of variant.stock) {
          if (old.stock.get(warehouse) !== quantity) upsertStock.run(variantId, warehouse, quantity);
        }
        updateProduct.run(listing.hasPrice ? 1 : 0, listing.minPrice, listing.maxDiscount, productId);
        const previous = factsOf(productId, before).warehouses;
        for (const warehouse of previous) {
          if (!listing.warehouses.includes(warehouse)) dropWarehouse.run(warehouse, productId);
        }
        for (const warehouse of listing.warehouses) addWarehouse.run(warehouse, productId);
        const was = factsOf(productId, before);
        const outletRow = outletSlug.get();
        const outlet = outletRow === undefined ? null : str(outletRow, 'slug');
        if (outlet !== null && (inOutlet(was) || inOutlet(listing))) product.catalogSlugs.push(outlet);
        // The sitemap's <lastmod> moves with what search engines are told of the page (its prices
        // and whether it is in stock), by the day: a second change the same day leaves the file as it is.
        const prices = priceSignature(before) !== priceSignature(after);
        const availability = availabilitySignature(before) !== availabilitySignature(after);
        let sitemapFile: number | null = null;
        if (prices || availability) {
          const day = today(now());
          const previous = str(lastmodRow.get(productId) ?? {}, 'lastmod').slice(0, 10);
          touch.run(day, productId);
          // Availability also picks the colour whose photos the entry lists.
          if (previous !== day || availability) sitemapFile = sitemapFileOf(productId);
        }
        return {
          product,
          changed: true,
          effects: {
            prices,
            warehouses: was.warehouses.join() !== listing.warehouses.join(),
            onSale: was.hasPrice !== listing.hasPrice,
            outletMoved: outlet !== null && inOutlet(was) !== inOutlet(listing) ? outlet : null,
            sitemapFile,
          },
          listing,
        };
      });
    },
  };
}
