import type { DeliveryMethodSlug } from './schemas/delivery.ts';

/**
 * Free delivery, the shop's promise (the spec names none; docs/decisions.md "Delivery promises come
 * from the rules"): Nova Poshta branches and parcel lockers cost nothing once the goods come to
 * `threshold` UAH after promo codes (before certificates and bonuses, which are ways of paying).
 * In the contract because both sides apply it: the order service prices an order by it, the
 * storefront's rules (src/domain/checkout/deliveryRules.ts) show and promise it.
 */
export const FREE_DELIVERY: { threshold: number; methods: readonly DeliveryMethodSlug[] } = {
  threshold: 1500,
  methods: ['np-warehouse', 'np-postbox'],
};
