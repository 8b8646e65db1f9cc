import { z } from 'zod';
import { localeSchema } from './common.ts';

/**
 * Wire shapes of the delivery service (storefront spec §3 "Delivery", §4 "Delivery types", §7).
 * Names in both languages side by side (`name` ru, `nameUkr` uk), like the catalogue.
 *
 * Not shown in the spec, chosen here: carrier ids 0 shop (pickup, as the spec says), 1 Nova Poshta,
 * 2 Justin, 3 Ukrposhta, 4 Meest, 5 iPost, 6 the shop's own courier; 7 is unused.
 *
 * The calls (spec §7; every one also takes `project` and `locale` in the query, both optional):
 * - `GET /public/settlement?searchName&page&limit` → settlementListSchema (no delivery methods)
 * - `GET /public/settlement/with-delivery-methods?searchName&page&limit` → settlementListSchema, each
 *   with `deliveryMethods`
 * - `GET /public/settlement/often-used/with-delivery-methods?limit` → settlementListSchema: the big
 *   cities shoppers pick most, in the shop's order, each with `deliveryMethods`
 * - `GET /public/settlement/{id}` → settlementSchema with `deliveryMethods` (404 for an unknown id)
 * - `GET /public/settlement/{id}/meest/street?searchName&page&limit` → streetListSchema
 * - `POST /public/settlement/{id}/warehouse` body branchSearchRequestSchema → branchListSchema
 * - `POST /public/settlement/{id}/warehouse/combined` body combinedBranchSearchRequestSchema →
 *   combinedBranchListSchema (ours: the spec only says combined warehouses are fetched)
 * - `POST /public/delivery/product/{id}/calculate?project` body deliveryCalculationRequestSchema →
 *   deliveryCalculationSchema
 * - `GET /public/shop/configs` → shopConfigsSchema
 * Pages are zero-based (as the catalogue's server page, spec §9). A malformed query or body is a 400
 * naming the field; an unknown settlement in a path is a 404.
 */

/** Spec §4: 1 branch delivery, 2 address delivery, 3 pickup. */
export const deliveryTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;

/**
 * Carrier ids of the delivery contract (pickup uses 0, spec §4; the others are the contract's
 * choice). Here, not with the fallback methods that use them: every browser bundle that parses a
 * delivery answer (the auth modal's saved location) needs these seven numbers, not the methods.
 */
export const CARRIERS = { shop: 0, novaPoshta: 1, justin: 2, ukrposhta: 3, meest: 4, ipost: 5, ownCourier: 6 } as const;

export const deliveryMethodSlugSchema = z.enum([
  'im-courier',
  'meest-courier',
  'pick-and-collect',
  'np-warehouse',
  'np-courier',
  'justin-warehouse',
  'ipost-courier',
  'u-warehouse',
  'np-postbox',
]);
export type DeliveryMethodSlug = z.infer<typeof deliveryMethodSlugSchema>;

/** The methods delivered to a carrier's branch or parcel locker (type 1): the ones with a branch list. */
export const branchDeliverySlugSchema = z.enum(['np-warehouse', 'np-postbox', 'justin-warehouse', 'u-warehouse']);
export type BranchDeliverySlug = z.infer<typeof branchDeliverySlugSchema>;

export const deliveryMethodSchema = z.object({
  slug: deliveryMethodSlugSchema,
  type: deliveryTypeSchema,
  carrier: z.number().int().min(0).max(7),
  /** UAH. */
  price: z.number().nonnegative(),
  title: z.string(),
  titleUkr: z.string(),
  /** Delivery time, e.g. '1-2 дня'. */
  shortDescription: z.string(),
  shortDescriptionUkr: z.string(),
  iconImageUrl: z.string().nullable(),
  iconImageUrlSelected: z.string().nullable(),
  changeable: z.boolean(),
});
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/** City (spec: id, name, regionName, districtName, latitude, longitude, deliveryMethods). */
export const settlementSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  name: z.string(),
  nameUkr: z.string(),
  /** 'город' / 'місто', 'посёлок' / 'селище', 'село'. */
  type: z.string(),
  typeUkr: z.string(),
  regionName: z.string(),
  regionNameUkr: z.string(),
  districtName: z.string().nullable(),
  districtNameUkr: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  deliveryMethods: z.array(deliveryMethodSchema).optional(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const streetSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  name: z.string(),
  nameUkr: z.string(),
  /** Short type: 'ул.', 'просп.' / 'вул.', 'просп.'. */
  type: z.string(),
  typeUkr: z.string(),
});
export type Street = z.infer<typeof streetSchema>;

/** A carrier's branch or parcel locker in a settlement. */
export const branchSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  settlementId: z.number().int(),
  deliverySlug: deliveryMethodSlugSchema,
  carrier: z.number().int(),
  number: z.number().int().positive(),
  title: z.string(),
  titleUkr: z.string(),
  address: z.string(),
  addressUkr: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Kilograms; null = no limit. */
  maxWeight: z.number().nullable(),
  /** Opening hours in Russian, e.g. 'Пн–Сб 08:00–20:00, Вс 09:00–19:00'. */
  schedule: z.string(),
  /**
   * The same in Ukrainian ('Пн–Сб 08:00–20:00, Нд 09:00–19:00'). Ours, beyond the spec's `schedule`:
   * the embedded service always sends it; a service that does not is read as `schedule` in both languages.
   */
  scheduleUkr: z.string().optional(),
});
export type Branch = z.infer<typeof branchSchema>;

/** Spec §7: warehouses by city answer `{ items, total }`. */
export const branchListSchema = z.object({ items: z.array(branchSchema), total: z.number().int().nonnegative() });
export type BranchList = z.infer<typeof branchListSchema>;

/**
 * `POST /public/settlement/{id}/warehouse/combined`: the branches of several carriers of one
 * settlement in one list (a map, or "every branch near me"), with how many each carrier has that
 * match, so the page can show a count per carrier. Items (and `carriers`) come by carrier in the
 * order of `deliverySlugs` (default the methods' order: np-warehouse, np-postbox, justin-warehouse,
 * u-warehouse; the checkout puts the carrier chosen first), after the branches of the number typed,
 * then as branchSearchRequestSchema says.
 */
export const combinedBranchListSchema = branchListSchema.extend({
  carriers: z.array(z.object({ deliverySlug: branchDeliverySlugSchema, total: z.number().int().nonnegative() })),
});
export type CombinedBranchList = z.infer<typeof combinedBranchListSchema>;

export const shopTypeSchema = z.enum(['shop', 'warehouse', 'partner']);

/** Shop or warehouse (pickup point), spec §3. `id` is the warehouse id variants report stock for. */
export const shopSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  slug: z.string(),
  title: z.string(),
  titleUkr: z.string(),
  city: z.string(),
  cityUkr: z.string(),
  cityId: z.number().int(),
  address: z.string(),
  addressUkr: z.string(),
  schedule: z.string(),
  scheduleUkr: z.string(),
  phone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Warehouses whose stock can be brought here for pickup. */
  donors: z.array(z.number().int()),
  images: z.array(z.string()),
  additionalConfig: z.object({ type: shopTypeSchema }),
  pickupEnable: z.boolean(),
  /** Kilograms; a limit applies only when above 0 (spec §5). */
  totalMaxWeightAllowed: z.number().nonnegative(),
  hasWeightLimit: z.boolean(),
  isChicco: z.boolean(),
  isMa: z.boolean(),
});
export type Shop = z.infer<typeof shopSchema>;

/** `GET /public/shop/configs` (spec §3 "shops config"). */
export const shopConfigsSchema = z.object({
  warehouseList: z.array(shopSchema),
  partnerShopList: z.array(shopSchema),
});
export type ShopConfigs = z.infer<typeof shopConfigsSchema>;

/** `{ items, total }` of the settlement searches and the often-used list. */
export const settlementListSchema = z.object({
  items: z.array(settlementSchema),
  total: z.number().int().nonnegative(),
});
export type SettlementList = z.infer<typeof settlementListSchema>;

/** `GET /public/settlement/{id}/meest/street` answers `{ items, total }`. */
export const streetListSchema = z.object({ items: z.array(streetSchema), total: z.number().int().nonnegative() });
export type StreetList = z.infer<typeof streetListSchema>;

// ——— Requests. Query values arrive as strings; bodies are JSON. ———

/** Spec §9 "Warehouse fetch page limit 500": the largest page of branches a call may ask for. */
export const BRANCH_PAGE_LIMIT = 500;
/** The largest page of settlements or streets (a suggestion list, not a directory dump). */
export const SETTLEMENT_PAGE_LIMIT = 100;
/** A search text longer than this is not a name a shopper types. */
export const SEARCH_NAME_MAX = 100;

/** A whole number in a query string (`page=2`), within [min, max]; `fallback` when absent. */
function queryInt(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((value) => value ?? fallback);
}

/** `project` and `locale`: accepted on every call, checked when present, otherwise unused. */
const commonQuery = {
  project: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'a project code is 1-32 of a-z, 0-9, -')
    .optional(),
  locale: localeSchema.optional(),
};

/**
 * Query of `GET /public/settlement` and `/with-delivery-methods`: a settlement name or its start,
 * in either language (a blank one finds nothing), zero-based page, limit 1-100 (default 20).
 */
export const settlementSearchQuerySchema = z.object({
  ...commonQuery,
  searchName: z.string().max(SEARCH_NAME_MAX),
  page: queryInt(0, 10_000, 0),
  limit: queryInt(1, SETTLEMENT_PAGE_LIMIT, 20),
});

/** Query of `GET /public/settlement/often-used/with-delivery-methods`: at most `limit` (default 12). */
export const oftenUsedQuerySchema = z.object({ ...commonQuery, limit: queryInt(1, 50, 12) });

/** Query of `GET /public/settlement/{id}/meest/street`: a street name or its start (blank: all, by name). */
export const streetSearchQuerySchema = z.object({
  ...commonQuery,
  searchName: z.string().max(SEARCH_NAME_MAX).default(''),
  page: queryInt(0, 10_000, 0),
  limit: queryInt(1, SETTLEMENT_PAGE_LIMIT, 20),
});

/** Query of the calls that take only `project` and `locale`. */
export const deliveryCommonQuerySchema = z.object(commonQuery);

/** Spec §7: branches come sorted by number, ascending unless asked otherwise. */
export const branchSortSchema = z.object({ field: z.literal('number'), order: z.enum(['asc', 'desc']) });
export type BranchSort = z.infer<typeof branchSortSchema>;

const branchPaging = {
  /**
   * A branch number ('17', '№17') and/or words of the address or title, in either language; every
   * word must occur. With a number in it, the branch of exactly that number comes first, then
   * numbers starting with it, then the other matches; each group in `sort` order. Blank: all.
   */
  searchName: z.string().max(SEARCH_NAME_MAX).default(''),
  /**
   * Ours, beyond the spec's body: only the branch with this ref (an order checks the branch chosen
   * without reading a big city's every page). Blank: no such narrowing.
   */
  ref: z.string().trim().max(64).default(''),
  sort: branchSortSchema.default({ field: 'number', order: 'asc' }),
  limit: z.number().int().min(1).max(BRANCH_PAGE_LIMIT).default(BRANCH_PAGE_LIMIT),
  page: z.number().int().min(0).max(100_000).default(0),
};

/** Body of `POST /public/settlement/{id}/warehouse` (spec §7: {searchName, deliverySlug, sort, limit, page}). */
export const branchSearchRequestSchema = z.object({ deliverySlug: branchDeliverySlugSchema, ...branchPaging });
/** What a caller sends (defaults may be left out). */
export type BranchSearchRequest = z.input<typeof branchSearchRequestSchema>;

/** Body of `POST /public/settlement/{id}/warehouse/combined`: `deliverySlugs` defaults to every branch method. */
export const combinedBranchSearchRequestSchema = z.object({
  deliverySlugs: z
    .array(branchDeliverySlugSchema)
    .min(1)
    .max(branchDeliverySlugSchema.options.length)
    .refine((slugs) => new Set(slugs).size === slugs.length, 'each delivery slug once')
    .default([...branchDeliverySlugSchema.options]),
  ...branchPaging,
});
export type CombinedBranchSearchRequest = z.input<typeof combinedBranchSearchRequestSchema>;

/**
 * Body of `POST /public/delivery/product/{id}/calculate`: where to (`settlementId`), how heavy
 * (`weight`, kilograms, the whole parcel: spec §9 delivery weight times the count; the delivery
 * service does not hold the catalogue) and optionally one method (default: every method offered there).
 */
export const deliveryCalculationRequestSchema = z.object({
  settlementId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  weight: z.number().nonnegative().max(10_000),
  deliverySlug: deliveryMethodSlugSchema.optional(),
});
export type DeliveryCalculationRequest = z.input<typeof deliveryCalculationRequestSchema>;

/** One method's price and terms for the parcel, in the settlement asked about. */
export const deliveryQuoteSchema = deliveryMethodSchema.extend({
  /** Working days from dispatch; 0 = the same day. `shortDescription` says the same in words. */
  minDays: z.number().int().nonnegative(),
  maxDays: z.number().int().nonnegative(),
  /**
   * The heaviest parcel (kg) this method takes here: the method's own cap, or for branches and pickup
   * the largest that some branch or pickup shop of the settlement accepts. Null = no limit.
   */
  maxWeight: z.number().positive().nullable(),
  /** False when the parcel is heavier than `maxWeight`. */
  available: z.boolean(),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;

/**
 * Answer of the calculation: the methods offered in the settlement (only the one asked for, when
 * one was; none when it is not offered there), each priced for the weight: the method's price
 * covers a first part of the weight, each further started kilogram costs extra.
 */
export const deliveryCalculationSchema = z.object({
  productId: z.number().int().positive(),
  settlementId: z.number().int().positive(),
  weight: z.number().nonnegative(),
  methods: z.array(deliveryQuoteSchema),
});
export type DeliveryCalculation = z.infer<typeof deliveryCalculationSchema>;
