import { z } from 'zod';

/**
 * Wire shapes of the delivery service (storefront spec §3 "Delivery", §4 "Delivery types", §7).
 * Names in both languages side by side (`name` ru, `nameUkr` uk), like the catalogue.
 *
 * Not shown in the spec, chosen here: carrier ids 0 shop (pickup, as the spec says), 1 Nova Poshta,
 * 2 Justin, 3 Ukrposhta, 4 Meest, 5 iPost, 6 the shop's own courier; 7 is unused.
 */

/** Spec §4: 1 branch delivery, 2 address delivery, 3 pickup. */
export const deliveryTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;

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
  schedule: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

/** Spec §7: warehouses by city answer `{ items, total }`. */
export const branchListSchema = z.object({ items: z.array(branchSchema), total: z.number().int().nonnegative() });
export type BranchList = z.infer<typeof branchListSchema>;

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
