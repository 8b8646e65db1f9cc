import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { shopConfigsSchema } from '../../src/api/schemas/delivery.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { createTestShop, get, getJson, productsPath } from './support.ts';
import type { TestShop } from './support.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop(200);
});
afterAll(() => shop.dispose());

describe('delivery service: GET /public/shop/configs (storefront spec §3 "shops config")', () => {
  it('answers own shops and warehouses apart from partner shops, each with its city', async () => {
    const configs = await getJson(shop.services, '/svc/delivery/public/shop/configs?project=bbs', shopConfigsSchema);
    expect(configs.warehouseList.length).toBeGreaterThan(0);
    expect(configs.partnerShopList.length).toBeGreaterThan(0);
    expect(configs.warehouseList.every((s) => s.additionalConfig.type !== 'partner')).toBe(true);
    expect(configs.partnerShopList.every((s) => s.additionalConfig.type === 'partner')).toBe(true);
    for (const s of [...configs.warehouseList, ...configs.partnerShopList]) {
      expect(s.city).not.toBe('');
      expect(s.cityUkr).not.toBe('');
    }
  });

  it('knows every warehouse that variant stock names', async () => {
    const configs = await getJson(shop.services, '/svc/delivery/public/shop/configs', shopConfigsSchema);
    const known = new Set([...configs.warehouseList, ...configs.partnerShopList].map((s) => s.id));
    const { items } = await getJson(shop.services, productsPath({ page: 0, limit: 100 }), productListSchema);
    const named = new Set(items.flatMap((p) => p.nomenclature.flatMap((v) => v.warehouses.map((w) => w.id))));
    expect(named.size).toBeGreaterThan(1);
    expect([...named].filter((id) => !known.has(id))).toEqual([]);
  });

  it('answers 400 for a malformed project code', async () => {
    const response = await get(shop.services, '/svc/delivery/public/shop/configs?project=Not%20A%20Code');
    expect(response.status).toBe(400);
    expect(serviceErrorSchema.parse(await response.json()).code).toBe(400);
  });
});
