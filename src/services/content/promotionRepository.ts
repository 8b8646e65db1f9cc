import type { DatabaseSync } from 'node:sqlite';
import { LOCALES, type Locale } from '../../api/schemas/common.ts';
import type { Promotion, PromotionList, PromotionWrite } from '../../api/schemas/content.ts';
import { inTransaction } from '../db/database.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { countOf, localesOf, WriteError } from './contentRows.ts';
import type { PageRequest } from './contentRows.ts';

/**
 * Promotions (spec §7 `promotion`): a translation per locale and the products taking part. Public
 * reads show active promotions only; the editor's reads (`findAny`, `isActive`, `productIds`) show
 * inactive ones too.
 */
export interface PromotionRepository {
  list(locale: Locale, query: PageRequest): PromotionList;
  find(slug: string, locale: Locale): Promotion | null;
  forProduct(productId: number, locale: Locale): PromotionList;
  /** A promotion's `locale` text whether active or not (the editor's answer). */
  findAny(slug: string, locale: Locale): Promotion | null;
  /** Null when there is no such promotion. */
  isActive(slug: string): boolean | null;
  productIds(slug: string): number[];
  /** Creates or updates. `locales`: the translations whose pages show the change. */
  put(slug: string, write: PromotionWrite, now: string): { created: boolean; locales: Locale[] };
  /** The locales the deleted promotion had, or null when there was none. */
  remove(slug: string): Locale[] | null;
}

function toPromotion(row: Row): Promotion {
  return {
    id: num(row, 'id'),
    slug: str(row, 'slug'),
    title: str(row, 'title'),
    description: str(row, 'description'),
    content: str(row, 'content'),
    image: str(row, 'image'),
    startsAt: strOrNull(row, 'starts_at'),
    endsAt: strOrNull(row, 'ends_at'),
    filterSlug: strOrNull(row, 'filter_slug'),
    ordering: num(row, 'ordering'),
    updatedAt: str(row, 'updated_at'),
  };
}

export function createPromotionRepository(db: DatabaseSync): PromotionRepository {
  const columns = `p.id, p.slug, p.image, p.starts_at, p.ends_at, p.filter_slug, p.ordering, p.updated_at,
    t.title, t.description, t.content`;
  const selectPromotions = db.prepare(
    `SELECT ${columns} FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.is_active = 1 ORDER BY p.ordering, p.id LIMIT ? OFFSET ?`,
  );
  const countPromotions = db.prepare(
    `SELECT count(*) AS n FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.is_active = 1`,
  );
  const selectPromotion = db.prepare(
    `SELECT ${columns} FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.slug = ? AND p.is_active = 1`,
  );
  const selectAnyPromotion = db.prepare(
    `SELECT ${columns} FROM promotion p JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE p.slug = ?`,
  );
  const selectProductPromotions = db.prepare(
    `SELECT ${columns} FROM promotion_product pp
     JOIN promotion p ON p.id = pp.promotion_id AND p.is_active = 1
     JOIN promotion_translation t ON t.promotion_id = p.id AND t.locale = ?
     WHERE pp.product_id = ? ORDER BY p.ordering, p.id`,
  );
  const selectHead = db.prepare(
    'SELECT id, image, starts_at, ends_at, is_active, ordering, filter_slug FROM promotion WHERE slug = ?',
  );
  const insertPromotion = db.prepare(
    `INSERT INTO promotion (slug, image, starts_at, ends_at, is_active, ordering, filter_slug, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const updatePromotion = db.prepare(
    `UPDATE promotion SET image = ?, starts_at = ?, ends_at = ?, is_active = ?, ordering = ?, filter_slug = ?,
       updated_at = ? WHERE id = ?`,
  );
  const upsertTranslation = db.prepare(
    `INSERT INTO promotion_translation (promotion_id, locale, title, description, content) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (promotion_id, locale) DO UPDATE SET title = excluded.title, description = excluded.description,
       content = excluded.content`,
  );
  const selectLocales = db.prepare('SELECT locale FROM promotion_translation WHERE promotion_id = ? ORDER BY locale');
  const clearProducts = db.prepare('DELETE FROM promotion_product WHERE promotion_id = ?');
  const insertProducts = db.prepare(
    `INSERT OR IGNORE INTO promotion_product (promotion_id, product_id) SELECT ?, value FROM json_each(?)`,
  );
  const selectProducts = db.prepare(
    `SELECT pp.product_id FROM promotion_product pp JOIN promotion p ON p.id = pp.promotion_id
     WHERE p.slug = ? ORDER BY pp.product_id`,
  );
  const removePromotion = db.prepare('DELETE FROM promotion WHERE id = ?');

  return {
    list: (locale, { page, limit }) => ({
      items: selectPromotions.all(locale, limit, page * limit).map(toPromotion),
      total: countOf(countPromotions.get(locale)),
    }),
    find: (slug, locale) => {
      const row = selectPromotion.get(locale, slug);
      return row === undefined ? null : toPromotion(row);
    },
    forProduct: (productId, locale) => {
      const items = selectProductPromotions.all(locale, productId).map(toPromotion);
      return { items, total: items.length };
    },
    findAny: (slug, locale) => {
      const row = selectAnyPromotion.get(locale, slug);
      return row === undefined ? null : toPromotion(row);
    },
    isActive: (slug) => {
      const head = selectHead.get(slug);
      return head === undefined ? null : num(head, 'is_active') === 1;
    },
    productIds: (slug) => selectProducts.all(slug).map((row) => num(row, 'product_id')),
    put: (slug, write, now) =>
      inTransaction(db, () => {
        const head = selectHead.get(slug);
        const given = LOCALES.filter((locale) => write.translations[locale] !== undefined);
        let id: number;
        if (head === undefined) {
          if (given.length === 0) throw new WriteError('invalid', 'A new promotion needs at least one translation');
          if (write.image === undefined) throw new WriteError('invalid', 'A new promotion needs an image');
          const row = insertPromotion.get(
            slug,
            write.image,
            write.startsAt ?? null,
            write.endsAt ?? null,
            write.isActive === false ? 0 : 1,
            write.ordering ?? 0,
            write.filterSlug ?? null,
            now,
          );
          if (row === undefined) throw new Error('promotion insert returned nothing');
          id = num(row, 'id');
        } else {
          id = num(head, 'id');
          // An absent field keeps its value; null (where allowed) clears it.
          updatePromotion.run(
            write.image ?? str(head, 'image'),
            write.startsAt === undefined ? strOrNull(head, 'starts_at') : write.startsAt,
            write.endsAt === undefined ? strOrNull(head, 'ends_at') : write.endsAt,
            write.isActive === undefined ? num(head, 'is_active') : write.isActive ? 1 : 0,
            write.ordering ?? num(head, 'ordering'),
            write.filterSlug === undefined ? strOrNull(head, 'filter_slug') : write.filterSlug,
            now,
            id,
          );
        }
        for (const locale of given) {
          const t = write.translations[locale];
          if (t !== undefined) upsertTranslation.run(id, locale, t.title, t.description, t.content);
        }
        if (write.productIds !== undefined) {
          clearProducts.run(id);
          insertProducts.run(id, JSON.stringify(write.productIds));
        }
        // Anything but a translation's text shows in every locale; a text change only in its own.
        const shared =
          head === undefined ||
          write.image !== undefined ||
          write.startsAt !== undefined ||
          write.endsAt !== undefined ||
          write.isActive !== undefined ||
          write.ordering !== undefined ||
          write.filterSlug !== undefined ||
          write.productIds !== undefined;
        return { created: head === undefined, locales: shared ? localesOf(selectLocales, id) : given };
      }),
    remove: (slug) =>
      inTransaction(db, () => {
        const head = selectHead.get(slug);
        if (head === undefined) return null;
        const id = num(head, 'id');
        const locales = localesOf(selectLocales, id);
        removePromotion.run(id);
        return locales;
      }),
  };
}
