import type { Settlement, ShopConfigs } from '../../api/schemas/delivery.ts';

/**
 * What the checkout page's server reads for the island, so the city picker and the pickup shops
 * show without a round trip from a slow phone: the often used cities (each with its methods) and
 * the shop configs. Either may be missing when the delivery service fails: the island then asks it
 * itself as the shopper types, and offers no pickup point.
 */
export interface CheckoutPageModel {
  oftenUsed: Settlement[];
  shops: ShopConfigs | null;
}
