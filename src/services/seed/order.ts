import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../db/database.ts';
import { CERTIFICATE_CATEGORY, SERVICE_CATEGORY } from './categories.ts';
import type { OrderCatalogue, SaleableProduct, SaleableVariant } from './orderCatalogue.ts';
import type { Random } from './random.ts';

/**
 * Seeds the order service's promo codes, gift certificates and gift-with-purchase promotions (orders
 * themselves start empty). For testers, the same in every demo shop:
 *
 * Promo codes (type 0; entered in any case, with spaces around: keys are trimmed and upper-cased)
 * - KARAPUZ10  10 % off every line, no minimum
 * - MINUS200   200 грн off an order of at least 1 000 грн (lines' total)
 * - ODEZHDA15  15 % off clothing lines only (folder category odezhda)
 * - OLDCODE    expired (spring 2024): «Срок действия промокода истёк»
 * - NEXTYEAR   not started yet (from 2099): «Промокод ещё не действует»
 * Only one promo code applies to an order; a second valid one is answered «Можно применить только один промокод».
 *
 * Gift certificates (type 1; 16 characters, case-sensitive: trimmed only)
 * - BBS7K2M9Q4X8T1ZA  1 000 грн, unused
 * - BBS3F8N2R6W1Y5HC  2 000 грн, 1 200 грн left
 * - BBS5D9L4P7V2J6KE  1 000 грн, used up: «Сертификат уже использован»
 * - BBS8G1T5B3N9M2QR  500 грн, expired at the end of 2024
 *
 * Gift promotions: GIFT_PRODUCT_PROMOTIONS products (1 000 грн and more) each bring a gift list
 * (id `gift-<productId>`), and every product of one small sub-category brings one (id
 * `gift-category-<slug>`); gifts are cheap in-stock variants of toys, hygiene and feeding goods, one
 * to three a list (a list of two or more is one to choose from). Which products: drawn from the
 * catalogue with the seed, so the same seed gives the same promotions.
 */

interface PromoCodeDef {
  key: string;
  title: string;
  titleUkr: string;
  kind: 'percent' | 'amount';
  value: number;
  minOrder: number;
  folderCategory: string | null;
  validFrom: string | null;
  validUntil: string | null;
}

export const PROMO_CODES: readonly PromoCodeDef[] = [
  {
    key: 'KARAPUZ10',
    title: 'Скидка 10% на заказ',
    titleUkr: 'Знижка 10% на замовлення',
    kind: 'percent',
    value: 10,
    minOrder: 0,
    folderCategory: null,
    validFrom: null,
    validUntil: null,
  },
  {
    key: 'MINUS200',
    title: 'Скидка 200 грн на заказ от 1 000 грн',
    titleUkr: 'Знижка 200 грн на замовлення від 1 000 грн',
    kind: 'amount',
    value: 200,
    minOrder: 1000,
    folderCategory: null,
    validFrom: null,
    validUntil: null,
  },
  {
    key: 'ODEZHDA15',
    title: 'Скидка 15% на одежду',
    titleUkr: 'Знижка 15% на одяг',
    kind: 'percent',
    value: 15,
    minOrder: 0,
    folderCategory: 'odezhda',
    validFrom: null,
    validUntil: null,
  },
  {
    key: 'OLDCODE',
    title: 'Весенняя скидка 15%',
    titleUkr: 'Весняна знижка 15%',
    kind: 'percent',
    value: 15,
    minOrder: 0,
    folderCategory: null,
    validFrom: '2024-03-01',
    validUntil: '2024-05-31',
  },
  {
    key: 'NEXTYEAR',
    title: 'Новогодняя скидка 300 грн',
    titleUkr: 'Новорічна знижка 300 грн',
    kind: 'amount',
    value: 300,
    minOrder: 1500,
    folderCategory: null,
    validFrom: '2099-12-01',
    validUntil: '2099-12-31',
  },
];

export const GIFT_CERTIFICATES: readonly {
  key: string;
  nominal: number;
  balance: number;
  validUntil: string | null;
}[] = [
  { key: 'BBS7K2M9Q4X8T1ZA', nominal: 1000, balance: 1000, validUntil: null },
  { key: 'BBS3F8N2R6W1Y5HC', nominal: 2000, balance: 1200, validUntil: null },
  { key: 'BBS5D9L4P7V2J6KE', nominal: 1000, balance: 0, validUntil: null },
  { key: 'BBS8G1T5B3N9M2QR', nominal: 500, balance: 500, validUntil: '2024-12-31' },
];

/** How many single products bring a gift; with the category promotion "a few dozen" qualify. */
const GIFT_PRODUCT_PROMOTIONS = 24;
/** A qualifying product costs at least this much (a gift comes with a bigger purchase). */
const QUALIFYING_PRICE = 1000;
/** A gift costs at most this much and has at least this much stock. */
const GIFT_PRICE = 400;
const GIFT_STOCK = 5;
/** The folders gifts come from: small things a parent is glad to get. */
const GIFT_FOLDERS = new Set(['igrushki', 'gigiena', 'kormlenie']);
/** The folder whose smallest sub-category (with 5–40 listed products) gets a category-wide gift. */
const CATEGORY_PROMOTION_FOLDER = 'kolyaski-i-avtokresla';
const CATEGORY_PRODUCTS = [5, 40] as const;
/** Not goods one gets a gift for, nor gives as one. */
const EXCLUDED_FOLDERS = new Set([CERTIFICATE_CATEGORY, SERVICE_CATEGORY]);

export interface OrderSeedReport {
  promoCodes: number;
  certificates: number;
  giftPromotions: number;
}

interface PromotionDef {
  id: string;
  name: string;
  nameUkr: string;
  productId: number | null;
  categorySlug: string | null;
  gifts: { variantId: number; productId: number }[];
}

function giftsFor(r: Random, candidates: readonly { variant: SaleableVariant; productId: number }[]) {
  // One gift in half of the lists, two or three in the others (those are the ones to choose from).
  const count = r.pick([1, 1, 2, 3]);
  return r.sample(candidates, count).map((c) => ({ variantId: c.variant.id, productId: c.productId }));
}

function listName(gifts: number): [string, string] {
  return gifts > 1
    ? ['Подарок на выбор к покупке', 'Подарунок на вибір до покупки']
    : ['Подарок к покупке', 'Подарунок до покупки'];
}

/** The category-wide promotion's sub-category: the smallest of the folder's with enough listed products. */
function promotionCategory(products: readonly SaleableProduct[]): SaleableProduct | null {
  const bySlug = new Map<string, SaleableProduct[]>();
  for (const p of products) {
    if (p.folder !== CATEGORY_PROMOTION_FOLDER || p.category === null) continue;
    bySlug.set(p.category, [...(bySlug.get(p.category) ?? []), p]);
  }
  const fitting = [...bySlug.entries()]
    .filter(([, list]) => list.length >= CATEGORY_PRODUCTS[0] && list.length <= CATEGORY_PRODUCTS[1])
    .sort(([a, x], [b, y]) => x.length - y.length || a.localeCompare(b));
  return fitting[0]?.[1][0] ?? null;
}

function giftPromotions(random: Random, catalogue: OrderCatalogue): PromotionDef[] {
  const regular = catalogue.products.filter((p) => !EXCLUDED_FOLDERS.has(p.folder));
  const giftCandidates = regular
    .filter((p) => GIFT_FOLDERS.has(p.folder))
    .flatMap((p) =>
      p.variants
        .filter((v) => v.price <= GIFT_PRICE && v.stock >= GIFT_STOCK)
        .map((variant) => ({ variant, productId: p.id })),
    );
  if (giftCandidates.length === 0) return [];
  const giftIds = new Set(giftCandidates.map((c) => c.productId));
  const qualifying = regular.filter((p) => !giftIds.has(p.id) && p.variants.some((v) => v.price >= QUALIFYING_PRICE));
  const promotions: PromotionDef[] = random
    .fork('products')
    .sample(qualifying, GIFT_PRODUCT_PROMOTIONS)
    .map((product) => {
      const gifts = giftsFor(random.fork(`gift-${product.id}`), giftCandidates);
      const [name, nameUkr] = listName(gifts.length);
      return { id: `gift-${product.id}`, name, nameUkr, productId: product.id, categorySlug: null, gifts };
    });
  const category = promotionCategory(regular);
  if (category?.category) {
    const gifts = giftsFor(random.fork(`gift-category-${category.category}`), giftCandidates);
    promotions.push({
      id: `gift-category-${category.category}`,
      name: `Подарок к покупке в категории «${category.categoryTitle ?? category.category}»`,
      nameUkr: `Подарунок до покупки в категорії «${category.categoryTitleUkr ?? category.category}»`,
      productId: null,
      categorySlug: category.category,
      gifts,
    });
  }
  return promotions;
}

export function seedOrder(db: DatabaseSync, random: Random, catalogue: OrderCatalogue): OrderSeedReport {
  return inTransaction(db, () => {
    const insertPromo = db.prepare(
      `INSERT INTO promo_code (key, title, title_ukr, kind, value, min_order, folder_category, valid_from, valid_until)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const p of PROMO_CODES) {
      insertPromo.run(
        p.key,
        p.title,
        p.titleUkr,
        p.kind,
        p.value,
        p.minOrder,
        p.folderCategory,
        p.validFrom,
        p.validUntil,
      );
    }
    const insertCertificate = db.prepare(
      'INSERT INTO gift_certificate (key, nominal, balance, valid_until) VALUES (?, ?, ?, ?)',
    );
    for (const c of GIFT_CERTIFICATES) insertCertificate.run(c.key, c.nominal, c.balance, c.validUntil);

    const insertPromotion = db.prepare(
      'INSERT INTO gift_promotion (id, name, name_ukr, product_id, category_slug) VALUES (?, ?, ?, ?, ?)',
    );
    const insertGift = db.prepare(
      'INSERT INTO gift_promotion_item (promotion_id, variant_id, product_id, ordering) VALUES (?, ?, ?, ?)',
    );
    const promotions = giftPromotions(random, catalogue);
    for (const p of promotions) {
      insertPromotion.run(p.id, p.name, p.nameUkr, p.productId, p.categorySlug);
      p.gifts.forEach((g, ordering) => insertGift.run(p.id, g.variantId, g.productId, ordering));
    }
    return {
      promoCodes: PROMO_CODES.length,
      certificates: GIFT_CERTIFICATES.length,
      giftPromotions: promotions.length,
    };
  });
}
