import type { HttpClient } from './http.ts';
import { shopConfigsSchema } from './schemas/delivery.ts';
import type { ShopConfigs } from './schemas/delivery.ts';
import type { CallOptions } from './search.ts';

/** Typed calls of the delivery service (storefront spec §7 "Delivery service"; wire shapes in schemas/delivery.ts). */

/**
 * `GET /public/shop/configs?project=bbs`: the shop's own stores and warehouses (`warehouseList`)
 * and partner shops (`partnerShopList`). Their ids are the warehouse ids of variant stock.
 */
export function getShopConfigs(client: HttpClient, opts: CallOptions = {}): Promise<ShopConfigs> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: '/public/shop/configs',
    project: true,
    schema: shopConfigsSchema,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
}
