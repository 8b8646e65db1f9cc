import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import { settlementSchema, shopConfigsSchema } from './schemas/delivery.ts';
import type { Settlement, ShopConfigs } from './schemas/delivery.ts';
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
    ...callOptions(opts),
  });
}

/**
 * `GET /public/settlement/{id}?project=bbs`: a settlement (city) with the delivery methods offered
 * there (`deliveryMethods`, spec §5: im-courier only in Kyiv, np-courier and meest-courier only
 * outside it). An unknown id rejects with an ApiError of status 404.
 */
export function getSettlement(client: HttpClient, id: number, opts: CallOptions = {}): Promise<Settlement> {
  return client.request({
    service: 'delivery',
    method: 'GET',
    path: encodePath`/public/settlement/${id}`,
    project: true,
    schema: settlementSchema,
    ...callOptions(opts),
  });
}

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}
