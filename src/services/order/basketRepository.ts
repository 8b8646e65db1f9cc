import type { DatabaseSync } from 'node:sqlite';
import { num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';

/**
 * Read access to the order database's promo codes, gift certificates and gift promotions
 * (migrations/002_basket.sql), for the basket check. Prepared statements only.
 */

/** A date range, both ends inclusive (YYYY-MM-DD, Kyiv time); null = open. */
export interface Validity {
  validFrom: string | null;
  validUntil: string | null;
}

export interface PromoCode extends Validity {
  key: string;
  title: string;
  titleUkr: string;
  kind: 'percent' | 'amount';
  value: number;
  minOrder: number;
  folderCategory: string | null;
}

export interface GiftCertificate {
  key: string;
  nominal: number;
  balance: number;
  validUntil: string | null;
}

export interface GiftPromotion extends Validity {
  id: string;
  name: string;
  nameUkr: string;
  productId: number | null;
  categorySlug: string | null;
  /** The gifts in the promotion's order. */
  gifts: { variantId: number; productId: number }[];
}

export interface BasketRepository {
  /** The promo code with this (trimmed, upper-cased) key. */
  promoCode(key: string): PromoCode | null;
  /** The certificate with this (trimmed) key. */
  certificate(key: string): GiftCertificate | null;
  /** Promotions a product qualifies for, by its id or by one of its category slugs. */
  giftPromotionsFor(productIds: readonly number[], categorySlugs: readonly string[]): GiftPromotion[];
  /** Promotions by id (the `giftDiscountRef`s of chosen gifts); unknown ids are left out. */
  giftPromotions(ids: readonly string[]): GiftPromotion[];
}

function promoKind(value: string): PromoCode['kind'] {
  if (value === 'percent' || value === 'amount') return value;
  throw new TypeError(`promo_code.kind: unexpected ${value}`);
}

export function createBasketRepository(db: DatabaseSync): BasketRepository {
  const promoStatement = db.prepare('SELECT * FROM promo_code WHERE key = ?');
  const certificateStatement = db.prepare('SELECT * FROM gift_certificate WHERE key = ?');
  // The lists arrive as JSON arrays: one prepared statement whatever their length.
  const qualifyingStatement = db.prepare(
    `SELECT * FROM gift_promotion
     WHERE product_id IN (SELECT value FROM json_each(:products))
        OR category_slug IN (SELECT value FROM json_each(:categories))
     ORDER BY id`,
  );
  const byIdStatement = db.prepare(
    'SELECT * FROM gift_promotion WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const giftsStatement = db.prepare(
    `SELECT promotion_id, variant_id, product_id FROM gift_promotion_item
     WHERE promotion_id IN (SELECT value FROM json_each(?)) ORDER BY promotion_id, ordering`,
  );

  const withGifts = (rows: Row[]): GiftPromotion[] => {
    if (rows.length === 0) return [];
    const gifts = new Map<string, GiftPromotion['gifts']>();
    for (const r of giftsStatement.all(JSON.stringify(rows.map((row) => str(row, 'id'))))) {
      const id = str(r, 'promotion_id');
      gifts.set(id, [...(gifts.get(id) ?? []), { variantId: num(r, 'variant_id'), productId: num(r, 'product_id') }]);
    }
    return rows.map((r) => ({
      id: str(r, 'id'),
      name: str(r, 'name'),
      nameUkr: str(r, 'name_ukr'),
      productId: numOrNull(r, 'product_id'),
      categorySlug: strOrNull(r, 'category_slug'),
      validFrom: strOrNull(r, 'valid_from'),
      validUntil: strOrNull(r, 'valid_until'),
      gifts: gifts.get(str(r, 'id')) ?? [],
    }));
  };

  return {
    promoCode: (key) => {
      const r = promoStatement.get(key);
      if (r === undefined) return null;
      return {
        key: str(r, 'key'),
        title: str(r, 'title'),
        titleUkr: str(r, 'title_ukr'),
        kind: promoKind(str(r, 'kind')),
        value: num(r, 'value'),
        minOrder: num(r, 'min_order'),
        folderCategory: strOrNull(r, 'folder_category'),
        validFrom: strOrNull(r, 'valid_from'),
        validUntil: strOrNull(r, 'valid_until'),
      };
    },
    certificate: (key) => {
      const r = certificateStatement.get(key);
      if (r === undefined) return null;
      return {
        key: str(r, 'key'),
        nominal: num(r, 'nominal'),
        balance: num(r, 'balance'),
        validUntil: strOrNull(r, 'valid_until'),
      };
    },
    giftPromotionsFor: (productIds, categorySlugs) =>
      withGifts(
        qualifyingStatement.all({ products: JSON.stringify(productIds), categories: JSON.stringify(categorySlugs) }),
      ),
    giftPromotions: (ids) => (ids.length === 0 ? [] : withGifts(byIdStatement.all(JSON.stringify(ids)))),
  };
}
