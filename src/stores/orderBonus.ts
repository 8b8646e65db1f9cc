import { computed } from 'nanostores';
import { orderBonus } from '../domain/basket/orderBonus.ts';
import { $basket, $basketCheck, lastCheckResponse } from './basket.ts';

/**
 * The bonus points the basket's order earns (src/domain/basket/orderBonus.ts): the last check's
 * answer while it holds for the basket as it is, else the spec §9 fallback line by line. Its own
 * module, so the product page's add-to-basket script does not carry it.
 */
export const $orderBonus = computed([$basket, $basketCheck], (basket, check) =>
  orderBonus(basket.items, lastCheckResponse(check)?.bonusAmount ?? null),
);
