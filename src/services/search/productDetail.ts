import type { DatabaseSync } from 'node:sqlite';
import type { IdOrSlug } from '../../api/schemas/searchParams.ts';
import { num, strOrNull } from '../db/rows.ts';

/** Lookups behind `/public/products/{id}`, `/combined` and `/accessory` (prepared statements, indexed). */
export interface ProductRelations {
  /** The product's id and group, or undefined when no product has that id or slug. */
  find(ref: IdOrSlug): { id: number; productGroup: string | null } | undefined;
  /** Other non-archival products of the group, most popular first. */
  groupMembers(
    group: string,
    exceptId: number,
    opts: { withPrice: boolean; hasImage: boolean; limit: number },
  ): number[];
  /** Accessory products for a product: same brand first, then by popularity. */
  accessories(productId: number, opts: { withPrice: boolean; hasImage: boolean; limit: number }): number[];
}

export function createProductRelations(db: DatabaseSync): ProductRelations {
  const byId = db.prepare('SELECT id, product_group FROM product WHERE id = ?');
  const bySlug = db.prepare('SELECT id, product_group FROM product WHERE slug = ?');
  const group = db.prepare(
    `SELECT id FROM product
     WHERE product_group = ? AND id <> ? AND is_archival = 0 AND has_price >= ? AND has_image >= ?
     ORDER BY popularity DESC, id LIMIT ?`,
  );
  // The accessory categories of the product's sub-category; within them, the same brand first.
  const accessories = db.prepare(
    `SELECT p.id FROM product self
     JOIN accessory_category a ON a.category_id = self.category_id
     JOIN product p ON p.category_id = a.accessory_category_id
     WHERE self.id = ? AND p.is_archival = 0 AND p.has_price >= ? AND p.has_image >= ?
     ORDER BY p.brand_id IS self.brand_id DESC, p.popularity DESC, p.id LIMIT ?`,
  );

  return {
    find: (ref) => {
      const row = 'id' in ref ? byId.get(ref.id) : bySlug.get(ref.slug);
      return row === undefined ? undefined : { id: num(row, 'id'), productGroup: strOrNull(row, 'product_group') };
    },
    groupMembers: (name, exceptId, opts) =>
      group.all(name, exceptId, opts.withPrice ? 1 : 0, opts.hasImage ? 1 : 0, opts.limit).map((row) => num(row, 'id')),
    accessories: (productId, opts) =>
      accessories
        .all(productId, opts.withPrice ? 1 : 0, opts.hasImage ? 1 : 0, opts.limit)
        .map((row) => num(row, 'id')),
  };
}
