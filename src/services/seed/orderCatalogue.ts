import type { DatabaseSync } from 'node:sqlite';
import { num, str, strOrNull } from '../db/rows.ts';

/**
 * What the order seed needs to know about the demo catalogue, read from the seeded search database
 * (as the content seed reads it, contentCatalogue.ts): gift promotions must name real products that
 * qualify and real in-stock variants as gifts. Read-only; the search service owns these tables.
 */
export interface SaleableVariant {
  id: number;
  /** Spec §9 final price: the lower of the recommended and the selling price. */
  price: number;
  stock: number;
}

export interface SaleableProduct {
  id: number;
  folder: string;
  category: string | null;
  categoryTitle: string | null;
  categoryTitleUkr: string | null;
  /** Variants that can be sold now: not archival, not pre-order, priced, in stock. */
  variants: SaleableVariant[];
}

export interface OrderCatalogue {
  /** Listed products (not archival, with a picture and a price) with at least one saleable variant, by id. */
  products: SaleableProduct[];
}

export function readOrderCatalogue(search: DatabaseSync): OrderCatalogue {
  const products = search
    .prepare(
      `SELECT p.id, f.slug AS folder, c.slug AS category, c.title AS category_title, c.title_ukr AS category_title_ukr
       FROM product p JOIN category f ON f.id = p.folder_category_id LEFT JOIN category c ON c.id = p.category_id
       WHERE p.is_archival = 0 AND p.has_image = 1 AND p.has_price = 1
       ORDER BY p.id`,
    )
    .all();
  // One row at a time (issue 30: 800,000 variant rows as objects held hundreds of MB).
  const variants = new Map<number, SaleableVariant[]>();
  for (const row of search
    .prepare(
      `SELECT v.id, v.product_id, min(v.price_recommended, v.price_selling) AS price, sum(s.quantity) AS stock
       FROM variant v JOIN variant_stock s ON s.variant_id = v.id
       WHERE v.is_archival = 0 AND v.is_pre_order = 0 AND v.price_recommended IS NOT NULL AND v.price_selling IS NOT NULL
       GROUP BY v.id ORDER BY v.product_id, v.ordering`,
    )
    .iterate()) {
    const productId = num(row, 'product_id');
    const list = variants.get(productId) ?? [];
    list.push({ id: num(row, 'id'), price: num(row, 'price'), stock: num(row, 'stock') });
    variants.set(productId, list);
  }
  return {
    products: products.flatMap((row) => {
      const id = num(row, 'id');
      const saleable = variants.get(id) ?? [];
      if (saleable.length === 0) return [];
      return [
        {
          id,
          folder: str(row, 'folder'),
          category: strOrNull(row, 'category'),
          categoryTitle: strOrNull(row, 'category_title'),
          categoryTitleUkr: strOrNull(row, 'category_title_ukr'),
          variants: saleable,
        },
      ];
    }),
  };
}
