import { z } from 'zod';
import { deliveryMethodSchema } from './delivery.ts';

/**
 * `POST /public/basket/check?locale` of the order service (storefront spec §3 "Basket check
 * response", §5 "Basket", §7 "Order service"). The service is the only authority on prices,
 * stock, gifts, discounts and bonuses: the client sends what it wishes (variant ids, quantities,
 * codes) and shows what comes back. Shapes the spec does not show are defined here, once, for
 * both sides.
 */

/** Upper bounds that keep a check cheap; beyond them the body is refused with a 400. */
export const BASKET_LIMITS = {
  lines: 100,
  quantity: 999,
  certificates: 10,
  keyLength: 64,
} as const;

const internalIdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * The delivery city when the request names none: Kyiv, the shop's home city (spec §9 "default city
 * reference placeholder 9812", the delivery service's settlement id of Kyiv).
 */
export const BASKET_HOME_CITY_ID = 9812;

/**
 * A line the client wants checked: the variant (nomenclature) id and the wished quantity (spec §7
 * `items (internalId, quantity)`). `productId`, ours and optional, saves the service a look-up: it
 * reads the catalogue through the search service's contract, which finds products (not variants)
 * by id, so without it the service asks the search service whose variant it is first
 * (schemas/variantProducts.ts). The storefront has it on every line (spec §3 basket item
 * `productId`); a wrong one only makes the variant unknown.
 */
export const basketCheckItemRequestSchema = z.object({
  internalId: internalIdSchema,
  productId: internalIdSchema.optional(),
  quantity: z.number().int().min(1).max(BASKET_LIMITS.quantity),
});

/**
 * A subscription line to check (spec §3 "subscription items"): the variant, its product, the units
 * of one delivery and the days between deliveries, which tell the line apart from the variant's
 * other lines (spec §3 item key `id_subscription_intervalDays`). The check prices it at the
 * subscription price; whether the shopper may subscribe, and on what terms (the interval offered,
 * the start date), is the order's to judge (docs/decisions.md "Accounts: subscriptions").
 */
export const basketCheckSubscriptionSchema = basketCheckItemRequestSchema.extend({
  intervalDays: z.number().int().positive().max(365),
});

/**
 * Spec §3: promo codes (type 0) and gift certificates (type 1) entered as (type, key). The
 * service trims both and upper-cases promo codes (spec: "type 0 keys are trimmed and uppercased,
 * type 1 keys are trimmed").
 */
export const certificateTypeSchema = z.union([z.literal(0), z.literal(1)]);
export type CertificateType = z.infer<typeof certificateTypeSchema>;

export const certificateRequestSchema = z.object({
  type: certificateTypeSchema,
  key: z.string().max(BASKET_LIMITS.keyLength),
});

/**
 * A gift the shopper chose from a gift list (the order payload's `chosenGiftItems`: internalId and
 * giftDiscountRef, the list's id). The service gives it only while the list's qualifying product
 * is in the basket.
 */
export const chosenGiftSchema = z.object({
  internalId: internalIdSchema,
  giftDiscountRef: z.string().min(1).max(64),
});

export const basketCheckRequestSchema = z.object({
  project: z.string().min(1).max(32),
  items: z.array(basketCheckItemRequestSchema).max(BASKET_LIMITS.lines),
  /** Subscription lines; a variant's price line and subscription lines share its stock. */
  subscriptionItems: z.array(basketCheckSubscriptionSchema).max(BASKET_LIMITS.lines).default([]),
  /** The shopper's phone (380XXXXXXXXX) when known; '' or absent for an anonymous basket. */
  phone: z.string().max(20).optional(),
  /**
   * Spec §7: the storefront sends 0. Read by nobody: the check answers the goods' own limit
   * (`bonusMaxPayment`) whatever is sent, and the order takes the points (`usedBonuses`).
   */
  bonus: z.number().int().nonnegative().default(0),
  certificates: z.array(certificateRequestSchema).max(BASKET_LIMITS.certificates).default([]),
  chosenGifts: z.array(chosenGiftSchema).max(BASKET_LIMITS.lines).default([]),
  withDeliveryList: z.boolean().default(false),
  /** The delivery city for `deliveryMethods` (a settlement id); BASKET_HOME_CITY_ID (Kyiv) when absent. */
  cityId: z.number().int().positive().optional(),
});
export type BasketCheckRequest = z.input<typeof basketCheckRequestSchema>;

/**
 * Per-line error codes (spec §3: "errorCode (default 0; meanings not shown)"). Ours:
 * 0 fine, 1 unknown variant, 2 archival (no longer sold), 3 no price, 4 out of stock,
 * 5 a chosen gift that is not available for this basket, 6 a subscription line of a product that
 * does not allow subscription (spec §6).
 */
export const BASKET_ITEM_ERROR = {
  none: 0,
  unknown: 1,
  archival: 2,
  unpriced: 3,
  outOfStock: 4,
  giftNotAvailable: 5,
  subscriptionNotAllowed: 6,
} as const;
export const basketItemErrorSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
]);
export type BasketItemError = z.infer<typeof basketItemErrorSchema>;

/** A discount applied to a line (spec: "discounts each with an amount"). */
export const lineDiscountSchema = z.object({
  /** What gave it: a promo code's key, a gift list's id … */
  source: z.string(),
  title: z.string(),
  amount: z.number().nonnegative(),
});

/** Spec §3 check item `checked`: what the service will sell, at what price. */
export const checkedLineSchema = z.object({
  /** The quantity limited to stock (0 when none can be sold). */
  quantity: z.number().int().nonnegative(),
  /** Unit price after line discounts (0 for a gift). */
  price: z.number().nonnegative(),
  /** quantity × price, rounded down to whole hryvnias (spec: "cost rounded down"). */
  cost: z.number().nonnegative(),
  isGift: z.boolean(),
  discounts: z.array(lineDiscountSchema),
  discountAmount: z.number().nonnegative(),
  /**
   * Bonus points one unit earns: round(price × bonusAccrualRate / 100), the rate 1 when null
   * (docs/decisions.md "The bonus formula"), on the unit price after line discounts; 0 for a gift.
   */
  bonuses: z.number().int().nonnegative(),
  /** Bonus points the line earns: `bonuses` × `quantity`. */
  bonusAmount: z.number().int().nonnegative(),
});
export type CheckedLine = z.infer<typeof checkedLineSchema>;

export const basketCheckItemSchema = z.object({
  internalId: z.number().int(),
  productId: z.number().int().nullable(),
  title: z.string(),
  titleUkr: z.string(),
  /** The quantity the client asked for (lines of one variant summed, within BASKET_LIMITS.quantity). */
  quantity: z.number().int().nonnegative(),
  availableQuantity: z.number().int().nonnegative(),
  recommendedPrice: z.number().nonnegative().nullable(),
  sellingPrice: z.number().nonnegative().nullable(),
  errorCode: basketItemErrorSchema,
  /** Warehouses holding the variant, with their quantities. */
  warehouseList: z.array(z.object({ id: z.number().int(), quantity: z.number().int().nonnegative() })),
  checked: checkedLineSchema,
  /** For a gift line: the gift list it comes from. */
  giftDiscountRef: z.string().nullable(),
  /**
   * For a subscription line: its interval (as asked), which tells it from the variant's line bought
   * at its price; absent or null for that line and for gifts.
   */
  intervalDays: z.number().int().positive().nullable().optional(),
  /**
   * For a subscription line: the unit price before line discounts, the variant's subscription price
   * when it is lower than the final price (spec §5), else the final price.
   */
  subscriptionPrice: z.number().nonnegative().nullable().optional(),
});
export type BasketCheckItem = z.infer<typeof basketCheckItemSchema>;

/** Spec §3 "Gift item": a product a gift list offers. */
export const giftItemSchema = z.object({
  nomenclatureId: z.number().int(),
  productId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  titleUkr: z.string(),
  /** Brand, sub-category and folder category by their (Russian) titles, as analytics names them. */
  brand: z.string().nullable(),
  category: z.string().nullable(),
  folderCategory: z.string(),
  images: z.array(z.string()),
  sellingPrice: z.number().nonnegative(),
});
export type GiftItem = z.infer<typeof giftItemSchema>;

/** Spec §3 giftLists: a gift promotion met by a line of the basket. */
export const giftListSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameUkr: z.string(),
  /** The basket's variant (internalId) that qualifies for the gift. */
  toNomenclature: z.number().int(),
  nomenclatureList: z.array(giftItemSchema),
  /** The shopper picks one (otherwise the only gift is given as is). */
  isSelectable: z.boolean(),
});
export type GiftList = z.infer<typeof giftListSchema>;

/** Spec §3 promo-code entity, as answered for each entered code or certificate. */
export const certificateAnswerSchema = z.object({
  type: certificateTypeSchema,
  /** The key as the service understood it (trimmed; promo codes upper-cased). */
  key: z.string(),
  /** What it is, in the request's language ('' for a key the service does not know). */
  title: z.string(),
  /** What it takes off this basket (a certificate: at most what is left to pay). */
  discountAmount: z.number().nonnegative(),
  /** Why it gives nothing, in the request's language; null when it applies. */
  errorMessage: z.string().nullable(),
  /** The code exists and is valid today (it may still not apply to this basket: a minimum, a second promo code). */
  isAvailable: z.boolean(),
  /** It applies to this basket (its discount is in `cost`). */
  isChecked: z.boolean(),
});
export type CertificateAnswer = z.infer<typeof certificateAnswerSchema>;

export const basketCheckResponseSchema = z.object({
  basketItems: z.array(basketCheckItemSchema),
  /** Total to pay: lines' costs minus certificates, never below 0. */
  cost: z.number().nonnegative(),
  /** Every discount together (lines and certificates). */
  discountAmount: z.number().nonnegative(),
  /** Bonus points the basket earns. */
  bonusAmount: z.number().int().nonnegative(),
  /**
   * The most bonus points (whole hryvnias) that may pay for these goods: each line's cost × its
   * variant's bonusMaxPaymentPercent, summed, within what is left after codes and certificates,
   * rounded down (docs/decisions.md "Accounts: paying with bonuses"). The goods' own limit, the same
   * for everyone: a member may spend the smaller of it and their active balance (spec §6).
   */
  bonusMaxPayment: z.number().int().nonnegative(),
  giftLists: z.array(giftListSchema),
  /** The gift lists the shopper still has to choose from (selectable, no gift chosen yet). */
  choiceGiftList: z.array(giftListSchema),
  certificateList: z.array(certificateAnswerSchema),
  /** Only with `withDeliveryList`; the spec's fallback methods when the delivery service cannot answer. */
  deliveryMethods: z.array(deliveryMethodSchema),
});
export type BasketCheckResponse = z.infer<typeof basketCheckResponseSchema>;
