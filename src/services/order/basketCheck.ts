import type { z } from 'zod';
import { BASKET_HOME_CITY_ID, BASKET_ITEM_ERROR, BASKET_LIMITS } from '../../api/schemas/basket.ts';
import type {
  basketCheckRequestSchema,
  BasketCheckItem,
  BasketCheckResponse,
  BasketItemError,
  CertificateAnswer,
  CertificateType,
  CheckedLine,
  GiftItem,
  GiftList,
} from '../../api/schemas/basket.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';
import type { WireProduct, WireVariant } from '../../api/schemas/product.ts';
import { basketMessages, formatHryvnias } from './basketMessages.ts';
import { freeDeliveryPrice } from './freeDelivery.ts';
import type { BasketRepository, GiftPromotion, Validity } from './basketRepository.ts';
import type { Catalogue, CatalogueEntry, CatalogueReader, VariantProductReader } from './catalogueReader.ts';

/**
 * `POST /public/basket/check` (storefront spec §3 "Basket check response", §5 "Basket"; contract in
 * src/api/schemas/basket.ts). The service is the authority: every line is re-priced from the
 * catalogue, quantities are limited to the stock placed orders do not hold (their reservations,
 * migrations/003_checkout.sql), codes and gifts are judged here. Orders price with the same
 * functions (`readBasketCatalogue`, then `priceBasket` inside the order's transaction). Money is
 * counted in kopecks (integers) so sums do not drift; line costs are rounded down to whole hryvnias.
 *
 * Subscription lines are priced at the subscription price for whoever asks: the check is called
 * without a bearer (the browser holds no token), and that price is public (every product page
 * shows it). Whether the shopper may subscribe (signed in, spec §6) and on which terms is judged by
 * the order (orderPlacement.ts), which prices from the catalogue again and never takes a price sent.
 */

export type BasketCheckRequestBody = z.output<typeof basketCheckRequestSchema>;

/**
 * What pricing reads of a request: the lines bought at their price, the subscription lines, the
 * codes and the chosen gifts (an order payload has them too).
 */
export type BasketWishes = Pick<BasketCheckRequestBody, 'items' | 'subscriptionItems' | 'certificates' | 'chosenGifts'>;

/**
 * Units of each asked variant that placed orders hold (their active stock reservations); a variant
 * nobody holds may be left out. What a shopper can buy is the catalogue's stock less these.
 */
export type HeldUnits = (variantIds: readonly number[]) => ReadonlyMap<number, number>;

export interface BasketCheckDeps {
  repository: BasketRepository;
  readCatalogue: CatalogueReader;
  variantProducts: VariantProductReader;
  /** The delivery methods of a settlement; never rejects (the spec's fallback when unknown). */
  deliveryMethods: (cityId: number) => Promise<DeliveryMethod[]>;
  /** Today in Kyiv (YYYY-MM-DD): codes, certificates and promotions are valid by date. */
  today: () => string;
  heldUnits: HeldUnits;
}

/** The basket check's answer without the delivery methods: what pricing alone gives. */
export type PricedBasket = Omit<BasketCheckResponse, 'deliveryMethods'>;

interface Wish {
  internalId: number;
  /** Undefined for a variant the catalogue does not hold (withProducts found none). */
  productId: number | undefined;
  quantity: number;
  /** A subscription line's interval (days); null for the line bought at its price. */
  intervalDays: number | null;
}

interface LineDiscount {
  source: string;
  title: string;
  /** Per unit, kopecks. */
  perUnit: number;
}

interface Line {
  wish: Wish;
  entry: CatalogueEntry | undefined;
  product: WireProduct | undefined;
  errorCode: BasketItemError;
  available: number;
  /**
   * The unit price before line discounts, kopecks; 0 when unpriced: the spec §9 final price (lower
   * of recommended and selling), or for a subscription line the subscription price when lower.
   */
  unit: number;
  /** Units that will be sold: the wish limited to stock, 0 for a line with an error. */
  quantity: number;
  discounts: LineDiscount[];
}

const kopecks = (hryvnias: number): number => Math.round(hryvnias * 100);
const hryvnias = (kop: number): number => kop / 100;

/**
 * Spec §5 "Requesting the same internalId twice merges the lines": wishes summed, within the line
 * limit; a line is its variant and kind (spec §3 item key: bought at its price, or on subscription
 * at an interval), so a variant's price line and its subscriptions stay apart. Price lines come
 * first, then subscriptions, each in the order asked.
 */
function mergeWishes(wishes: Pick<BasketWishes, 'items' | 'subscriptionItems'>): Wish[] {
  const byLine = new Map<string, Wish>();
  const add = (item: BasketWishes['items'][number], intervalDays: number | null): void => {
    const id = `${item.internalId}_${intervalDays ?? ''}`;
    const seen = byLine.get(id);
    if (seen) seen.quantity = Math.min(BASKET_LIMITS.quantity, seen.quantity + item.quantity);
    else
      byLine.set(id, { internalId: item.internalId, productId: item.productId, quantity: item.quantity, intervalDays });
  };
  for (const item of wishes.items) add(item, null);
  for (const item of wishes.subscriptionItems) add(item, item.intervalDays);
  return [...byLine.values()];
}

function stockOf(variant: WireVariant): number {
  return variant.warehouses.reduce((sum, w) => sum + w.quantity, 0);
}

/** Spec §9: the final price is the lower of the recommended and the selling price; null when either is missing. */
function finalPrice(variant: WireVariant): number | null {
  const { probablyPriceRecommended: recommended, probablyPriceSelling: selling } = variant;
  if (recommended === null || selling === null) return null;
  return Math.min(recommended, selling);
}

/**
 * Spec §5: the subscription price counts only when the product allows subscription and the price
 * is above zero and lower than the final price (the storefront shows it by the same rule,
 * src/domain/product/variantPrice.ts); otherwise a subscription line costs the final price.
 */
function subscriptionUnit(product: WireProduct, variant: WireVariant, final: number): number {
  const subscription = variant.probablyPriceSubscriptionDiscount;
  return product.allowSubscription && subscription !== null && subscription > 0 && subscription < final
    ? subscription
    : final;
}

/**
 * One line priced: its unit price, its error, and its units out of what is `left` of its variant
 * (the stock placed orders do not hold, shared by the variant's lines in the order priced).
 */
function priceLine(
  wish: Wish,
  catalogue: Catalogue,
  held: ReadonlyMap<number, number>,
  left: Map<number, number>,
): Line {
  const entry = catalogue.variants.get(wish.internalId);
  const base = { wish, entry, discounts: [], quantity: 0, unit: 0, available: 0 };
  if (!entry) {
    // The listing hides archival variants of a product still sold (spec §5), so a variant its
    // product no longer lists is one the shop no longer sells; with no such product it is unknown.
    const product = wish.productId === undefined ? undefined : catalogue.products.get(wish.productId);
    return product
      ? { ...base, product, errorCode: BASKET_ITEM_ERROR.archival }
      : { ...base, product: undefined, errorCode: BASKET_ITEM_ERROR.unknown };
  }
  const { product, variant } = entry;
  // Units placed orders hold are not for sale again (docs/decisions.md "Orders": no overselling).
  const available = Math.max(0, stockOf(variant) - (held.get(variant.id) ?? 0));
  const price = finalPrice(variant);
  const subscription = wish.intervalDays !== null;
  const unit = price === null ? 0 : kopecks(subscription ? subscriptionUnit(product, variant, price) : price);
  const errorCode = variant.isArchival
    ? BASKET_ITEM_ERROR.archival
    : price === null
      ? BASKET_ITEM_ERROR.unpriced
      : subscription && !product.allowSubscription
        ? BASKET_ITEM_ERROR.subscriptionNotAllowed
        : available === 0
          ? BASKET_ITEM_ERROR.outOfStock
          : BASKET_ITEM_ERROR.none;
  const unitsLeft = left.get(variant.id) ?? available;
  const quantity = errorCode === BASKET_ITEM_ERROR.none ? Math.min(wish.quantity, unitsLeft) : 0;
  left.set(variant.id, unitsLeft - quantity);
  return { ...base, product, available, unit, quantity, errorCode };
}

function isValidOn(today: string, validity: Validity): boolean {
  return (
    (validity.validFrom === null || validity.validFrom <= today) &&
    (validity.validUntil === null || today <= validity.validUntil)
  );
}

/** Bonus points of one unit: docs/decisions.md "The bonus formula" (a percent, rate 1 when null). */
function unitBonus(unitPrice: number, variant: WireVariant | undefined): number {
  const rate = variant?.bonusAccrualRate ?? 1;
  return Math.max(0, Math.round((unitPrice * rate) / 100));
}

/**
 * Spec §5 "Bonuses can be used unless the variant's bonusMaxPaymentPercent is 0": the most points
 * (whole hryvnias) that may pay these goods (docs/decisions.md "Accounts: paying with bonuses").
 * Each line's cost as answered (after its promo discount, rounded down) times its variant's percent,
 * summed; a percent of 0 or none at all lets none of that line be paid with points, one above 100
 * counts as 100. Never more than is left to pay after promo codes and certificates (`payable`), and
 * rounded down once, on the sum, to whole hryvnias: the shop never takes more points than it shows.
 */
export function bonusMaxPayment(lines: readonly { cost: number; percent: number | null }[], payable: number): number {
  // Kopecks × percent: integers for the catalogue's whole percents, so the sum does not drift.
  const shares = lines.reduce((sum, line) => {
    const percent = Math.min(100, Math.max(0, line.percent ?? 0));
    return sum + Math.max(0, kopecks(line.cost)) * percent;
  }, 0);
  const limit = Math.max(0, kopecks(payable)) * 100;
  return Math.floor(Math.min(shares, limit) / 10_000);
}

function lineAnswer(line: Line): BasketCheckItem {
  const perUnitDiscount = line.discounts.reduce((sum, d) => sum + d.perUnit, 0);
  const unitPaid = line.unit - perUnitDiscount;
  const price = hryvnias(unitPaid);
  const bonuses = line.quantity > 0 ? unitBonus(price, line.entry?.variant) : 0;
  const variant = line.entry?.variant;
  return {
    internalId: line.wish.internalId,
    productId: line.product?.id ?? null,
    title: line.product?.title ?? '',
    titleUkr: line.product?.titleUkr ?? '',
    quantity: line.wish.quantity,
    availableQuantity: line.available,
    recommendedPrice: variant?.probablyPriceRecommended ?? null,
    sellingPrice: variant?.probablyPriceSelling ?? null,
    errorCode: line.errorCode,
    warehouseList: variant?.warehouses ?? [],
    ...(line.wish.intervalDays === null
      ? {}
      : {
          intervalDays: line.wish.intervalDays,
          subscriptionPrice: line.errorCode === BASKET_ITEM_ERROR.unpriced || !line.entry ? null : hryvnias(line.unit),
        }),
    checked: {
      quantity: line.quantity,
      price,
      // Spec §3 "cost rounded down": whole hryvnias, never more than the shopper was shown.
      cost: Math.floor((line.quantity * unitPaid) / 100),
      isGift: false,
      discounts: line.discounts.map((d) => ({
        source: d.source,
        title: d.title,
        amount: hryvnias(d.perUnit * line.quantity),
      })),
      discountAmount: hryvnias(perUnitDiscount * line.quantity),
      bonuses,
      bonusAmount: bonuses * line.quantity,
    },
    giftDiscountRef: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Promo codes and certificates

interface EnteredCode {
  type: CertificateType;
  key: string;
}

/** Spec §3: type 0 keys are trimmed and upper-cased, type 1 keys trimmed; each code answered once. */
function enteredCodes(certificates: BasketWishes['certificates']): EnteredCode[] {
  const seen = new Set<string>();
  const codes: EnteredCode[] = [];
  for (const c of certificates) {
    const key = c.type === 0 ? c.key.trim().toUpperCase() : c.key.trim();
    const id = `${c.type}:${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    codes.push({ type: c.type, key });
  }
  return codes;
}

interface CodesOutcome {
  answers: CertificateAnswer[];
  /** Hryvnias off the whole order, kopecks: an amount promo code and certificates, each capped. */
  orderDiscount: number;
}

/**
 * Judges the entered codes. One promo code applies to an order (the first that can; a second gets
 * "only one"): a percent code as a discount on each line it covers, an amount code off the order.
 * Then certificates, in the order entered. An order-wide discount never exceeds what is left to
 * pay, so the total never goes below 0 (a certificate bigger than the basket gives the basket's
 * cost, and keeps its balance for the rest).
 */
function judgeCodes(
  codes: readonly EnteredCode[],
  lines: Line[],
  deps: Pick<BasketCheckDeps, 'repository'>,
  locale: Locale,
  today: string,
): CodesOutcome {
  const text = basketMessages(locale);
  const answers = new Map<EnteredCode, CertificateAnswer>();
  const refused = (code: EnteredCode, errorMessage: string, isAvailable: boolean, title = ''): CertificateAnswer => ({
    type: code.type,
    key: code.key,
    title,
    discountAmount: 0,
    errorMessage,
    isAvailable,
    isChecked: false,
  });
  const sold = lines.filter((line) => line.quantity > 0);
  let amountPromo: { code: EnteredCode; title: string; value: number } | null = null;
  let promoApplied = false;

  for (const code of codes) {
    if (code.type !== 0) continue;
    if (code.key === '') {
      answers.set(code, refused(code, text.promoEmpty, false));
      continue;
    }
    const promo = deps.repository.promoCode(code.key);
    if (!promo) {
      answers.set(code, refused(code, text.promoNotFound, false));
      continue;
    }
    const title = locale === 'uk' ? promo.titleUkr : promo.title;
    if (promo.validFrom !== null && today < promo.validFrom) {
      answers.set(code, refused(code, text.promoNotStarted, false, title));
      continue;
    }
    if (promo.validUntil !== null && promo.validUntil < today) {
      answers.set(code, refused(code, text.promoExpired, false, title));
      continue;
    }
    if (promoApplied) {
      answers.set(code, refused(code, text.promoOnlyOne, true, title));
      continue;
    }
    const linesCost = sold.reduce((sum, line) => sum + Math.floor((line.quantity * line.unit) / 100) * 100, 0);
    if (linesCost < kopecks(promo.minOrder)) {
      answers.set(code, refused(code, text.promoMinOrder(formatHryvnias(promo.minOrder)), true, title));
      continue;
    }
    if (promo.kind === 'amount') {
      amountPromo = { code, title, value: kopecks(promo.value) };
      promoApplied = true;
      continue;
    }
    const covered = sold.filter(
      (line) => promo.folderCategory === null || line.product?.folderCategory.slug === promo.folderCategory,
    );
    if (promo.folderCategory !== null && covered.length === 0) {
      answers.set(code, refused(code, text.promoNoGoods, true, title));
      continue;
    }
    let given = 0;
    for (const line of covered) {
      const perUnit = Math.round((line.unit * promo.value) / 100);
      line.discounts.push({ source: promo.key, title, perUnit });
      given += perUnit * line.quantity;
    }
    promoApplied = true;
    answers.set(code, {
      type: 0,
      key: code.key,
      title,
      discountAmount: hryvnias(given),
      errorMessage: null,
      isAvailable: true,
      isChecked: true,
    });
  }

  // What is left to pay after the line discounts; order-wide discounts take from it, never below 0.
  let remaining = sold.reduce(
    (sum, line) =>
      sum + Math.floor((line.quantity * (line.unit - line.discounts.reduce((s, d) => s + d.perUnit, 0))) / 100) * 100,
    0,
  );
  let orderDiscount = 0;
  const take = (wanted: number): number => {
    const taken = Math.max(0, Math.min(wanted, remaining));
    remaining -= taken;
    orderDiscount += taken;
    return taken;
  };
  if (amountPromo) {
    const taken = take(amountPromo.value);
    answers.set(amountPromo.code, {
      type: 0,
      key: amountPromo.code.key,
      title: amountPromo.title,
      discountAmount: hryvnias(taken),
      errorMessage: null,
      isAvailable: true,
      isChecked: true,
    });
  }

  for (const code of codes) {
    if (code.type !== 1) continue;
    if (code.key === '') {
      answers.set(code, refused(code, text.certificateEmpty, false));
      continue;
    }
    const certificate = deps.repository.certificate(code.key);
    if (!certificate) {
      answers.set(code, refused(code, text.certificateNotFound, false));
      continue;
    }
    const title = text.certificateTitle(formatHryvnias(certificate.nominal));
    if (certificate.balance <= 0) {
      answers.set(code, refused(code, text.certificateUsed, false, title));
      continue;
    }
    if (certificate.validUntil !== null && certificate.validUntil < today) {
      answers.set(code, refused(code, text.certificateExpired, false, title));
      continue;
    }
    answers.set(code, {
      type: 1,
      key: code.key,
      title,
      discountAmount: hryvnias(take(kopecks(certificate.balance))),
      errorMessage: null,
      isAvailable: true,
      isChecked: true,
    });
  }

  return {
    answers: codes.flatMap((code) => {
      const answer = answers.get(code);
      return answer ? [answer] : [];
    }),
    orderDiscount,
  };
}

// ---------------------------------------------------------------------------------------------
// Gifts

function giftItem(entry: CatalogueEntry): GiftItem {
  const { product, variant } = entry;
  const colour = variant.colorPresentation?.slug;
  return {
    nomenclatureId: variant.id,
    productId: product.id,
    slug: product.slug,
    title: product.title,
    titleUkr: product.titleUkr,
    // Titles, as analytics and the gift card name them.
    brand: product.brand?.title ?? null,
    category: product.category?.title ?? null,
    folderCategory: product.folderCategory.title,
    images: product.images
      .filter((image) => image.colorList.length === 0 || (colour !== undefined && image.colorList.includes(colour)))
      .toSorted((a, b) => a.order - b.order)
      .map((image) => image.link),
    sellingPrice: variant.probablyPriceSelling ?? 0,
  };
}

/** A gift is free, earns no bonus and is no discount on what is paid: one unit, or none when refused. */
function giftChecked(given: boolean): CheckedLine {
  return {
    quantity: given ? 1 : 0,
    price: 0,
    cost: 0,
    isGift: true,
    discounts: [],
    discountAmount: 0,
    bonuses: 0,
    bonusAmount: 0,
  };
}

function qualifies(promotion: GiftPromotion, product: WireProduct): boolean {
  if (promotion.productId !== null) return promotion.productId === product.id;
  return promotion.categorySlug === product.folderCategory.slug || promotion.categorySlug === product.category?.slug;
}

interface GiftsOutcome {
  giftLists: GiftList[];
  choiceGiftList: GiftList[];
  giftLines: BasketCheckItem[];
}

/**
 * Spec §3 giftLists: a promotion met by a bought line offers its gifts that can be given now (not
 * archival, priced, a unit in stock beyond what the basket buys). A chosen gift becomes a line
 * priced 0 only while its list is offered and holds it, one gift a list; otherwise error 5.
 */
function judgeGifts(
  promotions: readonly GiftPromotion[],
  chosen: BasketWishes['chosenGifts'],
  lines: readonly Line[],
  catalogue: Catalogue,
  held: ReadonlyMap<number, number>,
): GiftsOutcome {
  const used = new Map<number, number>();
  for (const line of lines) used.set(line.wish.internalId, (used.get(line.wish.internalId) ?? 0) + line.quantity);
  const canGive = (entry: CatalogueEntry | undefined): entry is CatalogueEntry =>
    entry !== undefined &&
    !entry.variant.isArchival &&
    finalPrice(entry.variant) !== null &&
    stockOf(entry.variant) - (held.get(entry.variant.id) ?? 0) - (used.get(entry.variant.id) ?? 0) >= 1;

  const giftLists: GiftList[] = [];
  for (const promotion of promotions) {
    const line = lines.find((l) => l.quantity > 0 && l.product !== undefined && qualifies(promotion, l.product));
    if (!line) continue;
    const gifts = promotion.gifts.map((g) => catalogue.variants.get(g.variantId)).filter(canGive);
    if (gifts.length === 0) continue;
    giftLists.push({
      id: promotion.id,
      name: promotion.name,
      nameUkr: promotion.nameUkr,
      toNomenclature: line.wish.internalId,
      nomenclatureList: gifts.map(giftItem),
      isSelectable: gifts.length > 1,
    });
  }

  const given = new Set<string>();
  const seen = new Set<string>();
  const giftLines: BasketCheckItem[] = [];
  for (const gift of chosen) {
    const id = `${gift.giftDiscountRef}:${gift.internalId}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const entry = catalogue.variants.get(gift.internalId);
    const list = giftLists.find((l) => l.id === gift.giftDiscountRef);
    const ok =
      list !== undefined &&
      !given.has(list.id) &&
      list.nomenclatureList.some((item) => item.nomenclatureId === gift.internalId) &&
      canGive(entry);
    if (ok) {
      given.add(list.id);
      used.set(gift.internalId, (used.get(gift.internalId) ?? 0) + 1);
    }
    giftLines.push({
      internalId: gift.internalId,
      productId: entry?.product.id ?? null,
      title: entry?.product.title ?? '',
      titleUkr: entry?.product.titleUkr ?? '',
      quantity: 1,
      availableQuantity: entry ? Math.max(0, stockOf(entry.variant) - (held.get(entry.variant.id) ?? 0)) : 0,
      recommendedPrice: entry?.variant.probablyPriceRecommended ?? null,
      sellingPrice: entry?.variant.probablyPriceSelling ?? null,
      errorCode: ok ? BASKET_ITEM_ERROR.none : BASKET_ITEM_ERROR.giftNotAvailable,
      warehouseList: entry?.variant.warehouses ?? [],
      checked: giftChecked(ok),
      giftDiscountRef: gift.giftDiscountRef,
    });
  }
  return {
    giftLists,
    choiceGiftList: giftLists.filter((list) => list.isSelectable && !given.has(list.id)),
    giftLines,
  };
}

// ---------------------------------------------------------------------------------------------

function mergeCatalogues(a: Catalogue, b: Catalogue): Catalogue {
  return { products: new Map([...a.products, ...b.products]), variants: new Map([...a.variants, ...b.variants]) };
}

/** Products of the promotions' gifts that `catalogue` has not read yet. */
function missingGiftProducts(promotions: readonly GiftPromotion[], catalogue: Catalogue): number[] {
  return promotions.flatMap((p) => p.gifts.map((g) => g.productId)).filter((id) => !catalogue.products.has(id));
}

/** The promotions the lines' products qualify for, valid today. */
function promotionsOf(
  repository: BasketRepository,
  products: readonly WireProduct[],
  valid: (p: GiftPromotion) => boolean,
): GiftPromotion[] {
  return repository
    .giftPromotionsFor(
      products.map((p) => p.id),
      [...new Set(products.flatMap((p) => [p.folderCategory.slug, ...(p.category ? [p.category.slug] : [])]))],
    )
    .filter(valid);
}

/**
 * `wishes` with the product of every line (docs/decisions.md "The services take the spec's
 * payloads"): a line sent as the spec writes it, `(internalId, quantity)`, gets its variant's
 * product from the search service, all such lines in one round; a variant the catalogue does not
 * hold keeps none and is priced as unknown. Nothing is asked when every line names its product.
 * Rejects only when the search service cannot answer (an ApiError).
 */
export async function withProducts(lookup: VariantProductReader, wishes: BasketWishes): Promise<BasketWishes> {
  const lines = [...wishes.items, ...wishes.subscriptionItems];
  const asked = lines.flatMap((line) => (line.productId === undefined ? [line.internalId] : []));
  if (asked.length === 0) return wishes;
  const products = await lookup(asked);
  const complete = <T extends { internalId: number; productId?: number | undefined }>(line: T): T => {
    if (line.productId !== undefined) return line;
    const productId = products.get(line.internalId);
    return productId === undefined ? line : { ...line, productId };
  };
  return { ...wishes, items: wishes.items.map(complete), subscriptionItems: wishes.subscriptionItems.map(complete) };
}

/**
 * Reads what pricing `wishes` needs of the catalogue: the wished products and the gifts of every
 * promotion they (or the chosen gifts' lists) may bring. Gifts of promotions known before the
 * catalogue answers (by the products asked and the chosen gifts' lists) are read with the basket's
 * products, in one round; those found only by a product's categories in a second. Rejects only
 * when the catalogue cannot be read (an ApiError of the search service).
 */
export async function readBasketCatalogue(
  deps: Pick<BasketCheckDeps, 'repository' | 'readCatalogue'>,
  wishes: BasketWishes,
  today: string,
): Promise<Catalogue> {
  const valid = (p: GiftPromotion): boolean => isValidOn(today, p);
  const wishedProducts = [
    ...new Set(
      [...wishes.items, ...wishes.subscriptionItems].flatMap((w) => (w.productId === undefined ? [] : [w.productId])),
    ),
  ];
  const early = [
    ...deps.repository.giftPromotionsFor(wishedProducts, []),
    ...deps.repository.giftPromotions([...new Set(wishes.chosenGifts.map((g) => g.giftDiscountRef))]),
  ].filter(valid);
  let catalogue = await deps.readCatalogue([
    ...wishedProducts,
    ...early.flatMap((p) => p.gifts.map((g) => g.productId)),
  ]);
  // Every product found, sold now or not: pricing later picks the promotions of the lines it can
  // sell with the stock held then, and their gifts must already be here.
  const found = wishedProducts.flatMap((id) => {
    const product = catalogue.products.get(id);
    return product ? [product] : [];
  });
  const missing = missingGiftProducts(promotionsOf(deps.repository, found, valid), catalogue);
  if (missing.length > 0) catalogue = mergeCatalogues(catalogue, await deps.readCatalogue(missing));
  return catalogue;
}

/**
 * Prices `wishes` with a catalogue `readBasketCatalogue` read: lines limited to the stock not held
 * by placed orders, codes and certificates judged, gifts given. Synchronous, so an order prices its
 * basket inside the transaction that writes it: the stock held, the certificates' balances and the
 * codes are read in that transaction, and nothing changes between the price and the write.
 */
export function priceBasket(
  deps: Pick<BasketCheckDeps, 'repository' | 'heldUnits'>,
  wishes: BasketWishes,
  catalogue: Catalogue,
  locale: Locale,
  today: string,
): PricedBasket {
  const valid = (p: GiftPromotion): boolean => isValidOn(today, p);
  const merged = mergeWishes(wishes);
  const giftIds = wishes.chosenGifts.map((g) => g.internalId);
  const held = deps.heldUnits([...new Set([...merged.map((w) => w.internalId), ...giftIds])]);
  const left = new Map<number, number>();
  const lines = merged.map((wish) => priceLine(wish, catalogue, held, left));
  const bought = lines.flatMap((line) => (line.quantity > 0 && line.product ? [line.product] : []));
  const promotions = promotionsOf(deps.repository, bought, valid);
  // Gift lists whose gifts the catalogue was not asked for cannot be offered (a promotion created
  // between the read and now): canGive finds no entry for them.
  const codes = judgeCodes(enteredCodes(wishes.certificates), lines, deps, locale, today);
  const gifts = judgeGifts(promotions, wishes.chosenGifts, lines, catalogue, held);
  const answers = lines.map(lineAnswer);
  const items = [...answers, ...gifts.giftLines];
  const linesCost = items.reduce((sum, item) => sum + kopecks(item.checked.cost), 0);
  const lineDiscounts = items.reduce((sum, item) => sum + kopecks(item.checked.discountAmount), 0);
  const cost = Math.max(0, linesCost - codes.orderDiscount);
  return {
    basketItems: items,
    cost: hryvnias(cost),
    discountAmount: hryvnias(lineDiscounts + codes.orderDiscount),
    bonusAmount: items.reduce((sum, item) => sum + item.checked.bonusAmount, 0),
    // The goods' own limit, whoever asks: a member's balance limits it further at checkout and in
    // the order (spec §6: spending needs a signed-in member; the check does not know who asks).
    bonusMaxPayment: bonusMaxPayment(
      lines.map((line, i) => ({
        cost: answers[i]?.checked.cost ?? 0,
        percent: line.entry?.variant.bonusMaxPaymentPercent ?? null,
      })),
      hryvnias(cost),
    ),
    giftLists: gifts.giftLists,
    choiceGiftList: gifts.choiceGiftList,
    certificateList: codes.answers,
  };
}

/**
 * Checks a basket. Rejects only when the catalogue cannot be read (an ApiError of the search
 * service): without prices nothing can be answered. Delivery methods never fail the check.
 */
export async function checkBasket(
  deps: BasketCheckDeps,
  request: BasketCheckRequestBody,
  locale: Locale,
): Promise<BasketCheckResponse> {
  const today = deps.today();
  const delivery = request.withDeliveryList
    ? deps.deliveryMethods(request.cityId ?? BASKET_HOME_CITY_ID)
    : Promise.resolve([]);
  const wishes = await withProducts(deps.variantProducts, request);
  const catalogue = await readBasketCatalogue(deps, wishes, today);
  const priced = priceBasket(deps, wishes, catalogue, locale, today);
  // The methods at the price an order of these goods would pay (the contract's free-delivery rule).
  const deliveryMethods = (await delivery).map((method) => {
    const price = freeDeliveryPrice(method.slug, method.price, priced);
    return price === method.price ? method : { ...method, price };
  });
  return { ...priced, deliveryMethods };
}
