import { log } from '../../log/log.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { BASKET_ITEM_ERROR } from '../../api/schemas/basket.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethodSlug } from '../../api/schemas/delivery.ts';
import {
  BABY_PACKAGE_PAYMENT_TYPE,
  INSTALMENT_LIMITS,
  INSTALMENT_PAYMENT_TYPES,
  ONLINE_PAYMENT_TYPES,
  ORDER_ERROR,
  orderPhoneSchema,
  PAYMENT_TYPES_BY_METHOD,
  REQUIRED_MESSAGE,
  SUBSCRIPTION_TERMS,
} from '../../api/schemas/order.ts';
import type { oneClickOrderSchema, Order, OrderCertificate, PaymentType } from '../../api/schemas/order.ts';
import type { WireVariant } from '../../api/schemas/product.ts';
import { inTransaction } from '../db/database.ts';
import { priceBasket, readBasketCatalogue, withProducts } from './basketCheck.ts';
import type { BasketCheckDeps, BasketWishes, PricedBasket } from './basketCheck.ts';
import { formatHryvnias } from './basketMessages.ts';
import type { BonusClaim, BonusClaimRepository } from './bonusClaims.ts';
import type { BonusPayments } from './bonusPayments.ts';
import type { BundleReader, Catalogue, CatalogueEntry } from './catalogueReader.ts';
import { certificateShortfalls } from './certificateShortfall.ts';
import { freeDeliveryPrice } from './freeDelivery.ts';
import { isMethodAllowedInCity, resolveDestination, withCityId } from './deliveryCheck.ts';
import type { Destination, OrderPayloadBody, PlacedPayload } from './deliveryCheck.ts';
import type { DeliveryDirectory } from './deliveryDirectory.ts';
import { lineMaxProblems, tooManyOpenOrders } from './holdLimits.ts';
import type { OrderHolds } from './holdLimits.ts';
import { formatKilograms, orderMessages } from './orderMessages.ts';
import { invalidFields, OrderProblem, unavailable } from './orderProblem.ts';
import type { FieldProblem } from './orderProblem.ts';
import type { NewOrder, NewOrderLine, OrderRepository } from './orderRepository.ts';
import { recordMetric } from '../../log/metricEvents.ts';

/**
 * Placing an order (`POST /public/anon/order`, one-click `POST /public/anon/order/one-click`;
 * storefront spec §3, §5, §7; DESIGN §7): exactly one order per intent, priced by the basket
 * check's own code, with the stock it sells reserved in the transaction that writes it.
 *
 * 1. The Idempotency-Key: a key already used answers its order (same body) or a 422 (another body).
 * 2. Rules that need no data (spec §5 payment parts, payment type by delivery, the §5 couriers by
 *    city, what anonymous shoppers may not send, a signed-in shopper's subscription terms) — a 400
 *    naming every field at once.
 * 3. In parallel: the catalogue (search service), the destination (delivery service), and for the
 *    baby-package card which goods the baby-bundle catalogue holds. Then the weight limits.
 * 4. One BEGIN IMMEDIATE transaction: the key again (a parallel request may have won), the basket
 *    priced with the stock held now and the codes' and certificates' state now; any line not
 *    available in full, gift or code no longer applying is a 409 naming it; the amounts' rules
 *    (pay in parts 300 … 100 000); then the order, its lines, its reservations and the spent
 *    certificates are written. Pricing and writing are synchronous in one transaction, so no other
 *    order (in this process or another on the same database) can take the same units between.
 *
 * Holds are bounded (holdLimits.ts, docs/decisions.md "Orders: bounded holds"): at most
 * `lineMax` units of a variant (a 400 in step 2), at most `openPerPhone` open unpaid orders per
 * phone (a 409 before step 3, and again in step 4, where the count and the write are one step), a
 * certificate with less left than the basket showed it paying is a 409 (step 4), and an order paid
 * online holds its units `paymentHoldMinutes` unpaid. Step 4 first records the cancellation of
 * orders whose hold ran out, so what it counts and prices is what holds now.
 *
 * An order a signed-in member pays in part with bonus points (`usedBonuses` > 0; docs/decisions.md
 * "Accounts: paying with bonuses") puts three steps before 4, because the points live in the user
 * service and cannot be spent inside this database's transaction: everything judged here first
 * (the basket, the goods' bonus limit, the amounts) so no point is spent for an order that would be
 * refused anyway; then the order's number is taken (bonusClaims.ts: the same intent keeps it); then
 * the user service spends the shopper's own points for that number, once however often it is
 * asked. Step 4 writes the order under that number and marks the payment placed in one
 * transaction; if it refuses the order after all, the points are given back. No answer from the
 * user service refuses the order with a 503 (its points, if spent, are kept for the retry of the
 * same intent, or given back later by `settleOwedGiveBacks`).
 */

export interface OrderDeps {
  db: DatabaseSync;
  basket: Pick<BasketCheckDeps, 'repository' | 'readCatalogue' | 'variantProducts' | 'heldUnits'>;
  orders: OrderRepository;
  directory: DeliveryDirectory;
  bundle: BundleReader;
  /** Today in Kyiv (YYYY-MM-DD). */
  today: () => string;
  now: () => Date;
  /** The user service's bonus payments (spend, give back). */
  bonusPayments: BonusPayments;
  /** The numbers orders paid with points take before the points are spent. */
  bonusClaims: BonusClaimRepository;
  holds: OrderHolds;
}

/** Who places the order: anonymous (null), or the signed-in customer of a `/public/order…` call. */
export interface Shopper {
  customerId: number | null;
  /** The signed-in call's `Authorization` header as it came: bonus points are spent with it (the shopper's own). */
  authorization?: string | undefined;
}

export interface Placed {
  /** 201 for a new order, 200 for the order a used key already made. */
  status: 200 | 201;
  order: Order;
}

export type OneClickBody = z.output<typeof oneClickOrderSchema>;

/**
 * The key as stored: keys of different shoppers live apart, prefixed by who placed them, so two
 * shoppers' keys never meet (the header's shape is src/api/idempotencyKey.ts).
 */
export function storedKey(shopper: Shopper, key: string): string {
  return shopper.customerId === null ? `anon:${key}` : `customer:${shopper.customerId}:${key}`;
}

/** JSON with object keys sorted at every level: one text for one meaning, whatever order a client sends. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the canonical JSON of the parsed body: defaults filled, names trimmed, so equal intents hash alike. */
export function bodyHash(kind: string, body: unknown): string {
  return createHash('sha256').update(canonicalJson({ kind, body })).digest('hex');
}

/** An unguessable id: 128 random bits, URL-safe. */
export function newHash(): string {
  return randomBytes(16).toString('base64url');
}

const kopecks = (hryvnias: number): number => Math.round(hryvnias * 100);

/** Spec §9: delivery weight is the larger of weight and capacity / 4000 (kilograms). */
function deliveryWeight(variant: WireVariant): number {
  return Math.max(variant.weight, variant.capacity / 4000);
}

/** The key was used: its order when the body is the same, else a 422 (IETF draft "The Idempotency-Key HTTP Header Field"). */
function replay(deps: OrderDeps, key: string, hash: string, locale: Locale): Placed | null {
  const used = deps.orders.orderByKey(key);
  if (!used) return null;
  if (used.bodyHash !== hash) {
    throw new OrderProblem(
      422,
      ORDER_ERROR.keyReused,
      'This Idempotency-Key was used for another order: send a new key for a new order',
    );
  }
  const order = deps.orders.readOrder(used.hash, locale);
  if (!order) throw new Error(`order ${used.hash} of a used key cannot be read`);
  return { status: 200, order };
}

/** The calendar day `days` after a YYYY-MM-DD date. */
function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * The terms of each subscription line (SUBSCRIPTION_TERMS, docs/decisions.md "Accounts:
 * subscriptions"): an interval the shop offers, a first delivery from today (Kyiv; accounts spec §5
 * "today or later") to `maxStartDays` ahead, a subscription that starts active.
 */
function subscriptionProblems(payload: OrderPayloadBody, today: string, locale: Locale): FieldProblem[] {
  const t = orderMessages(locale);
  const latest = addDays(today, SUBSCRIPTION_TERMS.maxStartDays);
  const intervals: readonly number[] = SUBSCRIPTION_TERMS.intervals;
  return payload.subscriptionItems.flatMap((item, index): FieldProblem[] => {
    const field = `subscriptionItems.${index}`;
    const problems: FieldProblem[] = [];
    if (!intervals.includes(item.intervalDays)) {
      problems.push({ field: `${field}.intervalDays`, message: t.subscriptionInterval(intervals) });
    }
    if (item.startDate < today) problems.push({ field: `${field}.startDate`, message: t.subscriptionStartPast });
    else if (item.startDate > latest) {
      problems.push({
        field: `${field}.startDate`,
        message: t.subscriptionStartTooLate(SUBSCRIPTION_TERMS.maxStartDays),
      });
    }
    if (!item.isActive) problems.push({ field: `${field}.isActive`, message: t.subscriptionInactive });
    return problems;
  });
}

/** Spec §5 rules that need no data, what an anonymous shopper may not send, and the units of a variant. */
function payloadProblems(
  payload: PlacedPayload,
  shopper: Shopper,
  locale: Locale,
  today: string,
  holds: OrderHolds,
): FieldProblem[] {
  const t = orderMessages(locale);
  const problems: FieldProblem[] = [];
  if (payload.items.length === 0 && payload.subscriptionItems.length === 0) {
    problems.push({ field: 'items', message: t.emptyBasket });
  }
  problems.push(...lineMaxProblems(payload, holds.lineMax, locale));
  // Spec §6: subscriptions and bonus spending need a signed-in shopper; a signed-in shopper's
  // subscriptions need terms the shop offers.
  if (shopper.customerId === null && payload.subscriptionItems.length > 0) {
    problems.push({ field: 'subscriptionItems', message: t.subscriptionsNeedAccount });
  } else {
    problems.push(...subscriptionProblems(payload, today, locale));
  }
  // A member's points are judged by the user service when they are spent (placeWithBonuses).
  if (payload.usedBonuses > 0 && shopper.customerId === null) {
    problems.push({ field: 'usedBonuses', message: t.bonusesNeedAccount });
  }
  const instalment = INSTALMENT_PAYMENT_TYPES.includes(payload.paymentType);
  if (
    instalment &&
    (payload.paymentParts < INSTALMENT_LIMITS.minParts || payload.paymentParts > INSTALMENT_LIMITS.maxParts)
  ) {
    problems.push({
      field: 'paymentParts',
      message: t.paymentParts(INSTALMENT_LIMITS.minParts, INSTALMENT_LIMITS.maxParts),
    });
  }
  // Spec §5: "Payment parts are sent only for the instalment card payment types."
  if (!instalment && payload.paymentParts !== 0) {
    problems.push({ field: 'paymentParts', message: t.partsOnlyForInstalments });
  }
  const slug: DeliveryMethodSlug = payload.deliveryType === 3 ? 'pick-and-collect' : payload.deliveryMethodSlug;
  // A branch needs a branch method, an address a courier; spec §5 couriers by city.
  if (
    payload.deliveryType !== 3 &&
    (methodType(slug) !== payload.deliveryType || !isMethodAllowedInCity(slug, payload.cityId))
  ) {
    problems.push({ field: 'deliveryMethodSlug', message: t.deliveryUnavailable });
  }
  if (!PAYMENT_TYPES_BY_METHOD[slug].includes(payload.paymentType)) {
    problems.push({ field: 'paymentType', message: t.paymentUnavailable });
  }
  if (payload.otherRecipient) {
    // The recipient's fields are checked only when someone else receives the order: by the same rules.
    const phone = orderPhoneSchema.safeParse(payload.recipientPhone);
    if (!phone.success) problems.push({ field: 'recipientPhone', message: phone.error.issues[0]?.message ?? '' });
    if (payload.recipientFirstName === '') problems.push({ field: 'recipientFirstName', message: REQUIRED_MESSAGE });
    if (payload.recipientLastName === '') problems.push({ field: 'recipientLastName', message: REQUIRED_MESSAGE });
  }
  return problems;
}

/** Spec §4: the delivery type a method slug belongs to. */
function methodType(slug: DeliveryMethodSlug): 1 | 2 | 3 {
  switch (slug) {
    case 'pick-and-collect':
      return 3;
    case 'im-courier':
    case 'meest-courier':
    case 'np-courier':
    case 'ipost-courier':
      return 2;
    case 'np-warehouse':
    case 'np-postbox':
    case 'justin-warehouse':
    case 'u-warehouse':
      return 1;
  }
}

/** The lines a payload asks for (bought and on subscription), and the gifts it chose, as the basket check reads them. */
function wishesOf(payload: { items: BasketWishes['items'] } & Partial<OrderPayloadBody>): BasketWishes {
  return {
    items: payload.items,
    subscriptionItems: (payload.subscriptionItems ?? []).map((item) => ({
      internalId: item.internalId,
      productId: item.productId,
      quantity: item.quantity,
      intervalDays: item.intervalDays,
    })),
    certificates: payload.certificates ?? [],
    chosenGifts: payload.chosenGiftItems ?? [],
  };
}

/** The wishes with every line's product (withProducts) and the catalogue they need; a 503 when the search service cannot answer. */
async function readCatalogue(
  deps: OrderDeps,
  sent: BasketWishes,
): Promise<{ wishes: BasketWishes; catalogue: Catalogue }> {
  try {
    const wishes = await withProducts(deps.basket.variantProducts, sent);
    return { wishes, catalogue: await readBasketCatalogue(deps.basket, wishes, deps.today()) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    // DESIGN §7: checkout never completes on stale prices; a 503 with Retry-After.
    log.error('[order] an order: the catalogue cannot be read:', error.message);
    throw unavailable('The catalogue');
  }
}

/** Spec §5 weight limits and the baby-package card's goods: rules that need the catalogue's data. */
async function goodsProblems(
  deps: OrderDeps,
  payload: PlacedPayload,
  wishes: BasketWishes,
  catalogue: Catalogue,
  destination: Destination,
  locale: Locale,
): Promise<FieldProblem[]> {
  const t = orderMessages(locale);
  const problems: FieldProblem[] = [];
  const weightOf = (internalId: number, quantity: number): number => {
    const entry = catalogue.variants.get(internalId);
    return entry ? deliveryWeight(entry.variant) * quantity : 0;
  };
  // The order carries the first delivery of each subscription: it weighs like a line bought once.
  const bought = [...wishes.items, ...wishes.subscriptionItems];
  const weight =
    bought.reduce((sum, item) => sum + weightOf(item.internalId, item.quantity), 0) +
    payload.chosenGiftItems.reduce((sum, gift) => sum + weightOf(gift.internalId, 1), 0);
  if (destination.maxWeight !== null && weight > destination.maxWeight) {
    const field =
      payload.deliveryType === 1
        ? 'deliveryBranchRef'
        : payload.deliveryType === 3
          ? 'deliveryShop'
          : 'deliveryMethodSlug';
    problems.push({ field, message: t.tooHeavy(formatKilograms(destination.maxWeight)) });
  }
  if (payload.paymentType === BABY_PACKAGE_PAYMENT_TYPE) {
    // A variant the catalogue does not hold is refused on its own line (basketProblems).
    const known = bought.flatMap((item) => (item.productId === undefined ? [] : [{ productId: item.productId }]));
    let bundle: ReadonlySet<number>;
    try {
      bundle = await deps.bundle(known.map((item) => item.productId));
    } catch (error) {
      if (!isApiError(error)) throw error;
      log.error('[order] the baby-bundle catalogue cannot be read:', error.message);
      throw unavailable('The catalogue');
    }
    if (!known.every((item) => bundle.has(item.productId))) {
      problems.push({ field: 'paymentType', message: t.babyBundleOnly });
    }
  }
  return problems;
}

/** Keys of entered codes as the basket check answers them (spec §3: type 0 upper-cased, both trimmed). */
function codeKey(type: 0 | 1, key: string): string {
  return type === 0 ? key.trim().toUpperCase() : key.trim();
}

/** What no longer holds in the priced basket: lines short of stock or not sold, gifts, codes. A 409 names each. */
function basketProblems(wishes: BasketWishes, priced: PricedBasket, locale: Locale): FieldProblem[] {
  const t = orderMessages(locale);
  const problems: FieldProblem[] = [];
  for (const item of priced.basketItems) {
    const title = (locale === 'uk' && item.titleUkr) || item.title || String(item.internalId);
    if (item.checked.isGift) {
      if (item.errorCode === 0) continue;
      const index = wishes.chosenGifts.findIndex(
        (g) => g.internalId === item.internalId && g.giftDiscountRef === item.giftDiscountRef,
      );
      problems.push({ field: `chosenGiftItems.${index}`, message: t.giftNotAvailable });
      continue;
    }
    const interval = item.intervalDays ?? null;
    const field =
      interval === null
        ? `items.${wishes.items.findIndex((i) => i.internalId === item.internalId)}`
        : `subscriptionItems.${wishes.subscriptionItems.findIndex(
            (i) => i.internalId === item.internalId && i.intervalDays === interval,
          )}`;
    // Out of stock is "not enough" (0 left), said on the quantity; unknown, archival, unpriced: the line.
    const short = item.errorCode === BASKET_ITEM_ERROR.outOfStock || item.checked.quantity < item.quantity;
    if (item.errorCode === BASKET_ITEM_ERROR.subscriptionNotAllowed) {
      problems.push({ field, message: t.subscriptionNotAllowed(title) });
    } else if (item.errorCode !== BASKET_ITEM_ERROR.none && item.errorCode !== BASKET_ITEM_ERROR.outOfStock) {
      problems.push({ field, message: t.notAvailable(title) });
    } else if (short) {
      problems.push({ field: `${field}.quantity`, message: t.notEnough(title, item.availableQuantity) });
    }
  }
  for (const answer of priced.certificateList) {
    if (answer.isChecked) continue;
    const index = wishes.certificates.findIndex((c) => c.type === answer.type && codeKey(c.type, c.key) === answer.key);
    problems.push({ field: `certificates.${index}.key`, message: answer.errorMessage ?? t.basketChanged });
  }
  return problems;
}

/**
 * What changed since the shopper was shown the basket: basketProblems, and the certificates that
 * have less left than they were shown paying (each field named once).
 */
function changedProblems(deps: OrderDeps, draft: Draft, priced: PricedBasket): FieldProblem[] {
  const problems = basketProblems(draft.wishes, priced, draft.locale);
  const named = new Set(problems.map((p) => p.field));
  const spent = certificateShortfalls(draft.certificates, deps.basket.repository, draft.locale);
  return [...problems, ...spent.filter((p) => !named.has(p.field))];
}

/** Refuses the order of a phone that has as many open unpaid orders as one may (holdLimits.ts). */
function refuseOverOpenLimit(deps: OrderDeps, phone: string, locale: Locale): void {
  const { openPerPhone } = deps.holds;
  if (deps.orders.openOrders(phone) >= openPerPhone) throw tooManyOpenOrders(openPerPhone, locale);
}

function basketChanged(problems: readonly FieldProblem[], locale: Locale): OrderProblem {
  const named = problems.map((p) => p.message).join('; ');
  return new OrderProblem(409, ORDER_ERROR.basketChanged, `${orderMessages(locale).basketChanged}: ${named}`, problems);
}

/** The first picture of the variant's colour (or of every colour), as the gift card and the basket show it. */
function imageOf(entry: CatalogueEntry): string | null {
  const colour = entry.variant.colorPresentation?.slug;
  const image = entry.product.images
    .filter((i) => i.colorList.length === 0 || (colour !== undefined && i.colorList.includes(colour)))
    .toSorted((a, b) => a.order - b.order)[0];
  return image?.link ?? null;
}

/**
 * The first delivery each subscription line asks for, by variant and interval (`id_interval`);
 * lines merged by the check keep the first one's.
 */
function startDates(subscriptions: readonly OrderPayloadBody['subscriptionItems'][number][]): Map<string, string> {
  const dates = new Map<string, string>();
  for (const s of subscriptions) {
    const id = `${s.internalId}_${s.intervalDays}`;
    if (!dates.has(id)) dates.set(id, s.startDate);
  }
  return dates;
}

/**
 * The order's lines: what the priced basket sells (lines bought once, the first delivery of each
 * subscription at the price the catalogue gives now, and given gifts), described by the catalogue.
 */
function orderLines(
  priced: PricedBasket,
  catalogue: Catalogue,
  starts: ReadonlyMap<string, string> = new Map(),
): NewOrderLine[] {
  return priced.basketItems.flatMap((item): NewOrderLine[] => {
    const entry = catalogue.variants.get(item.internalId);
    if (item.errorCode !== 0 || item.checked.quantity === 0 || !entry) return [];
    const { product, variant } = entry;
    const intervalDays = item.intervalDays ?? null;
    return [
      {
        variantId: variant.id,
        productId: product.id,
        title: product.title,
        titleUkr: product.titleUkr,
        slug: product.slug,
        brand: product.brand?.title ?? null,
        folderCategory: product.folderCategory.title,
        category: product.category?.title ?? null,
        colorPresentation: variant.colorPresentation?.title ?? null,
        sizePresentation: variant.sizePresentation?.title ?? null,
        displayArticle: variant.displayArticle,
        image: imageOf(entry),
        quantity: item.checked.quantity,
        price: kopecks(item.checked.price),
        totalPrice: kopecks(item.checked.cost),
        isGift: item.checked.isGift,
        giftDiscountRef: item.giftDiscountRef,
        intervalDays,
        startDate: intervalDays === null ? null : (starts.get(`${item.internalId}_${intervalDays}`) ?? null),
      },
    ];
  });
}

/** The order's money from the priced basket, in kopecks. */
function amounts(priced: PricedBasket, usedBonuses: number, destination: Pick<Destination, 'methodSlug' | 'price'>) {
  const certificateAmount = priced.certificateList
    .filter((c) => c.type === 1 && c.isChecked)
    .reduce((sum, c) => sum + kopecks(c.discountAmount), 0);
  // The basket's cost is the lines less promo codes and certificates; the order's price keeps certificates apart.
  const price = kopecks(priced.cost) + certificateAmount;
  const discountAmount = Math.max(0, kopecks(priced.discountAmount) - certificateAmount);
  const goods = Math.max(0, price - certificateAmount - usedBonuses * 100);
  // Judged as the basket and the checkout judge it: promo codes lower the goods, certificates and points pay for them.
  const deliveryPrice = freeDeliveryPrice(destination.methodSlug, destination.price, priced, usedBonuses);
  return { price, discountAmount, certificateAmount, goods, deliveryPrice, total: goods + deliveryPrice };
}

/**
 * Spec §5 "Bonuses can be used unless the variant's bonusMaxPaymentPercent is 0": the points an order
 * spends stay within the goods' limit the basket check answers (`bonusMaxPayment`, whole hryvnias).
 */
function bonusProblems(usedBonuses: number, maxPayment: number, locale: Locale): FieldProblem[] {
  if (usedBonuses <= maxPayment) return [];
  const t = orderMessages(locale);
  return [
    {
      field: 'usedBonuses',
      message: maxPayment <= 0 ? t.bonusesNotAllowed : t.bonusesOverMax(formatHryvnias(maxPayment)),
    },
  ];
}

/** Spec §5 rules on the goods' amount to pay: something to pay online, pay in parts within 300 … 100 000. */
export function amountProblems(paymentType: PaymentType, goods: number, locale: Locale): FieldProblem[] {
  const t = orderMessages(locale);
  if (ONLINE_PAYMENT_TYPES.includes(paymentType) && goods <= 0) {
    return [{ field: 'paymentType', message: t.nothingToPayOnline }];
  }
  if (!INSTALMENT_PAYMENT_TYPES.includes(paymentType)) return [];
  if (goods < INSTALMENT_LIMITS.minAmount * 100)
    return [{ field: 'paymentType', message: INSTALMENT_LIMITS.minAmountMessage }];
  if (goods > INSTALMENT_LIMITS.maxAmount * 100)
    return [{ field: 'paymentType', message: INSTALMENT_LIMITS.maxAmountMessage }];
  return [];
}

interface Draft {
  wishes: BasketWishes;
  /** The codes as the payload sent them, with what the basket showed each certificate paying. */
  certificates: readonly OrderCertificate[];
  /** The order's phone: its open unpaid orders are bounded. */
  phone: string;
  /** Subscription lines' first deliveries (startDates). */
  starts?: ReadonlyMap<string, string>;
  catalogue: Catalogue;
  key: string;
  bodyHash: string;
  locale: Locale;
  /** Builds the order to write from the priced basket, or throws what refuses it. */
  build: (
    priced: PricedBasket,
  ) => Omit<NewOrder, 'idempotencyKey' | 'bodyHash' | 'locale' | 'lines' | 'codes' | 'createdAt' | 'holdUntil'>;
}

/**
 * Step 4: prices, checks and writes the order in one BEGIN IMMEDIATE transaction; with `claim`, under
 * the number its bonus payment took, marking that payment placed in the same transaction.
 */
function commit(deps: OrderDeps, draft: Draft, claim: BonusClaim | null = null): Placed {
  const hash = newHash();
  const placed = inTransaction(deps.db, (): Placed | null => {
    const replayed = replay(deps, draft.key, draft.bodyHash, draft.locale);
    if (replayed) return replayed;
    // What ran out is recorded before it is counted or priced: released units are for sale again.
    deps.orders.cancelExpiredHolds();
    refuseOverOpenLimit(deps, draft.phone, draft.locale);
    const priced = priceBasket(deps.basket, draft.wishes, draft.catalogue, draft.locale, deps.today());
    const problems = changedProblems(deps, draft, priced);
    if (problems.length > 0) throw basketChanged(problems, draft.locale);
    const built = draft.build(priced);
    const now = deps.now();
    const paidOnline = built.paymentType !== null && ONLINE_PAYMENT_TYPES.includes(built.paymentType);
    const order: NewOrder = {
      ...built,
      idempotencyKey: draft.key,
      bodyHash: draft.bodyHash,
      locale: draft.locale,
      createdAt: now.toISOString(),
      holdUntil: paidOnline ? new Date(now.getTime() + deps.holds.paymentHoldMinutes * 60_000).toISOString() : null,
      lines: orderLines(priced, draft.catalogue, draft.starts),
      codes: priced.certificateList
        .filter((c) => c.isChecked)
        .map((c) => ({ type: c.type, key: c.key, amount: kopecks(c.discountAmount) })),
    };
    deps.orders.insertOrder(order, hash, claim?.orderId);
    // Only a payment still ours is placed: one the sweep has taken to give back holds no points.
    if (claim && !deps.bonusClaims.move(claim.orderId, ['spending'], 'placed', order.createdAt)) {
      throw unavailable('The bonus payment');
    }
    for (const code of order.codes) {
      // Priced in this transaction from the same balance, so it cannot fall short; if it did, nothing is written.
      if (code.type === 1 && code.amount > 0 && !deps.orders.spendCertificate(code.key, code.amount)) {
        throw basketChanged(
          [{ field: 'certificates', message: orderMessages(draft.locale).basketChanged }],
          draft.locale,
        );
      }
    }
    return null;
  });
  if (placed) return placed;
  const order = deps.orders.readOrder(hash, draft.locale);
  if (!order) throw new Error(`order ${hash} was written but cannot be read`);
  recordMetric({ name: 'orderPlaced', kind: order.kind });
  return { status: 201, order };
}

/** `POST /public/anon/order`: places the order, or answers the one its key already placed. */
export async function placeOrder(
  deps: OrderDeps,
  sent: OrderPayloadBody,
  options: { shopper: Shopper; idempotencyKey: string; locale: Locale },
): Promise<Placed> {
  const { shopper, locale } = options;
  const key = storedKey(shopper, options.idempotencyKey);
  const hash = bodyHash('order', sent);
  // A retry usually arrives after its order was written: answered without reading anything else.
  const early = replay(deps, key, hash, locale);
  if (early) return early;

  // The spec's payload names the city without our id: found first, the §5 courier rule needs it.
  const payload = await withCityId(deps.directory, sent, locale);
  const problems = payloadProblems(payload, shopper, locale, deps.today(), deps.holds);
  if (problems.length > 0) throw invalidFields(problems);
  // Before anything is read: a phone at its limit is refused whatever the basket (step 4 counts again).
  refuseOverOpenLimit(deps, payload.phone, locale);
  // Both asked at once; when both fail, the catalogue's failure is answered (one outcome per state).
  const [read, resolved] = await Promise.allSettled([
    readCatalogue(deps, wishesOf(payload)),
    resolveDestination(deps.directory, payload, locale),
  ]);
  if (read.status === 'rejected') throw read.reason;
  if (resolved.status === 'rejected') throw resolved.reason;
  const { wishes, catalogue } = read.value;
  const destination = resolved.value;
  const more = await goodsProblems(deps, payload, wishes, catalogue, destination, locale);
  if (more.length > 0) throw invalidFields(more);

  const draft: Draft = {
    wishes,
    certificates: payload.certificates,
    phone: payload.phone,
    starts: startDates(payload.subscriptionItems),
    catalogue,
    key,
    bodyHash: hash,
    locale,
    build: (priced) => {
      const money = amounts(priced, payload.usedBonuses, destination);
      const refused = [
        ...bonusProblems(payload.usedBonuses, priced.bonusMaxPayment, locale),
        ...amountProblems(payload.paymentType, money.goods, locale),
      ];
      if (refused.length > 0) throw invalidFields(refused);
      return {
        kind: 'order',
        customerId: shopper.customerId,
        firstName: payload.firstName,
        lastName: payload.lastName,
        phone: payload.phone,
        email: payload.email,
        paymentType: payload.paymentType,
        paymentParts: payload.paymentParts,
        deliveryType: payload.deliveryType,
        deliveryMethodSlug: destination.methodSlug,
        deliveryAddress: destination.address,
        price: money.price,
        discountAmount: money.discountAmount,
        certificateAmount: money.certificateAmount,
        deliveryPrice: money.deliveryPrice,
        usedBonuses: payload.usedBonuses,
        totalPrice: money.total,
        payload: JSON.stringify(payload),
      };
    },
  };
  if (payload.usedBonuses === 0) return commit(deps, draft);
  return placeWithBonuses(deps, draft, shopper, payload.usedBonuses);
}

/** How long a payment may sit unfinished before the sweep takes its give-back over (the attempt is gone). */
const OWED_AFTER_MS = 10 * 60 * 1000;
/** Give-backs one sweep asks for at most. */
const OWED_PER_SWEEP = 20;

/**
 * An order paid in part with points (see the file's comment): judged here, then its number, then
 * the spend, then the order; a refusal after the spend gives the points back.
 */
async function placeWithBonuses(deps: OrderDeps, draft: Draft, shopper: Shopper, amount: number): Promise<Placed> {
  const { customerId, authorization } = shopper;
  if (customerId === null || authorization === undefined) {
    // payloadProblems refuses anonymous points; a signed-in call always has its header.
    throw invalidFields([{ field: 'usedBonuses', message: orderMessages(draft.locale).bonusesNeedAccount }]);
  }
  // Everything this service can judge alone, before a point is spent: what would refuse the order
  // now (the transaction judges it all again) must not cost the shopper a payment and a give-back.
  const priced = priceBasket(deps.basket, draft.wishes, draft.catalogue, draft.locale, deps.today());
  const problems = changedProblems(deps, draft, priced);
  if (problems.length > 0) throw basketChanged(problems, draft.locale);
  draft.build(priced);

  const claimed = claimNumber(deps, draft, customerId, amount);
  if ('status' in claimed) return claimed;
  // This intent's own earlier payment is taken up first; older ones nobody came back for are settled.
  void settleOwedGiveBacks(deps);
  await spend(deps, claimed, authorization, draft.locale);
  try {
    return commit(deps, draft, claimed);
  } catch (error) {
    await giveBack(deps, claimed);
    throw error;
  }
}

/** The intent's number: the one an earlier attempt took, a new one, or the order a parallel attempt placed. */
function claimNumber(deps: OrderDeps, draft: Draft, customerId: number, amount: number): BonusClaim | Placed {
  const now = deps.now().toISOString();
  return inTransaction(deps.db, (): BonusClaim | Placed => {
    const replayed = replay(deps, draft.key, draft.bodyHash, draft.locale);
    if (replayed) return replayed;
    return (
      deps.bonusClaims.reopen(draft.key, draft.bodyHash, now) ??
      deps.bonusClaims.claim({ customerId, idempotencyKey: draft.key, bodyHash: draft.bodyHash, amount }, now)
    );
  });
}

/** Spends the points for the claimed number, or throws what the order answers instead. */
async function spend(deps: OrderDeps, claim: BonusClaim, authorization: string, locale: Locale): Promise<void> {
  const t = orderMessages(locale);
  const outcome = await deps.bonusPayments.spend(authorization, claim.number, claim.amount);
  const mark = (state: 'refused' | 'give-back-due' | 'given-back') =>
    deps.bonusClaims.move(claim.orderId, ['spending'], state, deps.now().toISOString());
  switch (outcome.kind) {
    case 'spent':
      return;
    case 'notMember':
      mark('refused');
      throw invalidFields([{ field: 'usedBonuses', message: t.bonusesNeedMember }]);
    case 'short':
      mark('refused');
      throw invalidFields([
        { field: 'usedBonuses', message: t.bonusesShort(formatHryvnias(Math.floor(outcome.activeAmount))) },
      ]);
    case 'unauthorized':
      mark('refused');
      throw new OrderProblem(401, ORDER_ERROR.unauthorized, 'A signed-in shopper’s bearer token is required');
    case 'taken':
      // The number's payment was given back meanwhile (a parallel attempt failed): the next attempt
      // of this intent takes a new number.
      mark('given-back');
      throw unavailable('The bonus payment');
    case 'misconfigured':
      mark('refused');
      log.error('[order] the user service refuses this service’s token: set USER_SERVICE_TOKEN alike on both');
      throw unavailable('The user service');
    case 'unknown':
      // Spent or not, nobody knows: kept for the retry of the same intent, else given back later.
      mark('give-back-due');
      throw unavailable('The user service');
  }
}

/**
 * Gives the points of a payment whose order was refused back, if the payment is still this
 * attempt's (`spending`: nobody else gives it back at the same time); one the user service cannot
 * be told of stays owed for the sweep.
 */
async function giveBack(deps: OrderDeps, claim: BonusClaim): Promise<void> {
  if (!deps.bonusClaims.move(claim.orderId, ['spending'], 'giving-back', deps.now().toISOString())) return;
  await finishGiveBack(deps, claim);
}

export async function finishGiveBack(
  deps: Pick<OrderDeps, 'bonusClaims' | 'bonusPayments' | 'now'>,
  claim: BonusClaim,
): Promise<void> {
  const done = await deps.bonusPayments.giveBack(claim.customerId, claim.number);
  deps.bonusClaims.move(
    claim.orderId,
    ['giving-back'],
    done ? 'given-back' : 'give-back-due',
    deps.now().toISOString(),
  );
}

/**
 * Gives back the points of payments whose order was never written and whose attempt is gone (no
 * answer from the user service, a process that stopped between the spend and the order), once they
 * have waited OWED_AFTER_MS: a retry of the same intent within that time goes on under the same
 * number instead. Run at each order with points; never rejects.
 */
export async function settleOwedGiveBacks(
  deps: Pick<OrderDeps, 'bonusClaims' | 'bonusPayments' | 'now'>,
): Promise<void> {
  try {
    const before = new Date(deps.now().getTime() - OWED_AFTER_MS).toISOString();
    for (const owed of deps.bonusClaims.owed(before, OWED_PER_SWEEP)) {
      if (deps.bonusClaims.take(owed, deps.now().toISOString())) await finishGiveBack(deps, owed.claim);
    }
  } catch (error) {
    log.error('[order] owed bonus give-backs:', error instanceof Error ? error.message : error);
  }
}

/** `POST /public/anon/order/one-click`: the lines and a phone; the shop calls back for the rest. */
export async function placeOneClickOrder(
  deps: OrderDeps,
  payload: OneClickBody,
  options: { shopper: Shopper; idempotencyKey: string; locale: Locale },
): Promise<Placed> {
  const { shopper, locale } = options;
  const key = storedKey(shopper, options.idempotencyKey);
  const hash = bodyHash('one-click', payload);
  const early = replay(deps, key, hash, locale);
  if (early) return early;
  const tooMany = lineMaxProblems(payload, deps.holds.lineMax, locale);
  if (tooMany.length > 0) throw invalidFields(tooMany);
  refuseOverOpenLimit(deps, payload.phone, locale);
  const { wishes, catalogue } = await readCatalogue(deps, wishesOf(payload));
  return commit(deps, {
    wishes,
    certificates: [],
    phone: payload.phone,
    catalogue,
    key,
    bodyHash: hash,
    locale,
    build: (priced) => {
      const money = amounts(priced, 0, { methodSlug: 'pick-and-collect', price: 0 });
      return {
        kind: 'one-click',
        customerId: shopper.customerId,
        firstName: payload.firstName,
        lastName: '',
        phone: payload.phone,
        email: '',
        paymentType: null,
        paymentParts: 0,
        deliveryType: null,
        deliveryMethodSlug: null,
        deliveryAddress: { ru: '', uk: '' },
        price: money.price,
        discountAmount: money.discountAmount,
        certificateAmount: 0,
        deliveryPrice: 0,
        usedBonuses: 0,
        totalPrice: money.total,
        payload: JSON.stringify(payload),
      };
    },
  });
}
