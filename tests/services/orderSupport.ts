import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createHttpClient } from '../../src/api/http.ts';
import { createPayment, getGiftCertificateOrder, purchaseGiftCertificate } from '../../src/api/order.ts';
import type { HttpClient } from '../../src/api/http.ts';
import { basketCheckResponseSchema } from '../../src/api/schemas/basket.ts';
import type { GiftItem, GiftList } from '../../src/api/schemas/basket.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import {
  branchListSchema,
  settlementListSchema,
  settlementSchema,
  shopConfigsSchema,
} from '../../src/api/schemas/delivery.ts';
import type { Branch, DeliveryMethod, Settlement, Shop } from '../../src/api/schemas/delivery.ts';
import type { z } from 'zod';
import { orderErrorSchema, orderSchema } from '../../src/api/schemas/order.ts';
import type {
  addressOrderSchema,
  branchOrderSchema,
  Order,
  OrderError,
  pickupOrderSchema,
} from '../../src/api/schemas/order.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct, WireVariant } from '../../src/api/schemas/product.ts';
import { createServices } from '../../src/services/index.ts';
import type { CreateServicesOptions, Services } from '../../src/services/index.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { seededDataDir } from './serviceTemplates.ts';

/**
 * A demo shop for the order, payment and certificate tests: the five services on a copy of the
 * run's seeded template (seed 42, 300 products; serviceTemplates.ts), the search admin API open to
 * a known token (prices and stock are set through it, as the ERP would), the order service's clock
 * fixed. Fixtures are found over the services' own HTTP contracts: sellable variants, Kyiv and
 * another city with branches, the pickup shops.
 */
export const ADMIN_TOKEN = 'order-test-admin-token';
/** Mid-2025 in Kyiv: after OLDCODE and the expired certificate, before NEXTYEAR. */
export const TODAY = new Date('2025-06-15T09:00:00Z');
export const KYIV = 9812;

export interface Line {
  internalId: number;
  productId: number;
  title: string;
  variant: WireVariant;
}

export interface City {
  settlement: Settlement;
  /** A branch method offered there with its branches (np-warehouse where there is one). */
  branchMethod: DeliveryMethod;
  branches: Branch[];
}

export interface OrderShop {
  services: Services;
  client(locale?: Locale): HttpClient;
  /** A request to `/svc/<path>` of the shop (JSON body unless a string is given). */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** `POST /public/anon/order` with this key (a fresh one by default). */
  order(body: unknown, key?: string | null, query?: string): Promise<Response>;
  /** A variant nobody else uses in this shop, priced `price` (both prices) with `stock` units. */
  line(options?: {
    price?: number;
    stock?: number;
    where?: (p: WireProduct, v: WireVariant) => boolean;
  }): Promise<Line>;
  /** A variant that brings a gift list (seeded promotions), taken like `line`, with the list's first gift. */
  giftOffer(): Promise<{ line: Line; list: GiftList; gift: GiftItem }>;
  setStock(line: Line, quantity: number): Promise<void>;
  setPrice(line: Line, price: number): Promise<void>;
  kyiv: Settlement;
  /** A city outside Kyiv with Nova Poshta branches and couriers. */
  city: City;
  shops: Shop[];
  dispose(): void;
}

const NOT_GOODS = new Set(['elektronnyi-podarochnyi-sertifikat', 'sluzhebnaya']);

const ORDER_SHOP_SEED = { seed: 42, products: 300 };

export async function createOrderShop(options: Partial<CreateServicesOptions> = {}): Promise<OrderShop> {
  const copy = options.dataDir === undefined ? await seededDataDir(options.seed ?? ORDER_SHOP_SEED) : null;
  const services = await createServices({
    dataDir: copy ?? ':memory:',
    seed: ORDER_SHOP_SEED,
    searchAdminToken: ADMIN_TOKEN,
    now: () => TODAY,
    ...options,
  });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    services.fetch(
      new Request(`http://shop.test/svc/${path.replace(/^\//, '')}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    );
  const json = async (response: Response): Promise<unknown> => {
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  const products: WireProduct[] = [];
  for (let page = 0; page < 3; page++) {
    const list = productListSchema.parse(
      await json(await call('GET', `search/public/products?limit=100&page=${page}`)),
    );
    products.push(...list.items);
  }
  const candidates = products
    .filter((p) => !p.isArchival && !NOT_GOODS.has(p.folderCategory.slug))
    .flatMap((p) =>
      p.nomenclature.filter((v) => !v.isArchival && !v.isPreOrder).map((variant) => ({ product: p, variant })),
    );
  const taken = new Set<number>();

  const patch = async (line: Line, change: unknown): Promise<void> => {
    const response = await call('PATCH', `search/admin/product/${line.productId}/variant/${line.internalId}`, change, {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    });
    if (response.status !== 200) throw new Error(`admin change: ${response.status} ${await response.text()}`);
  };
  const setStock = async (line: Line, quantity: number): Promise<void> => {
    const [first, ...others] = line.variant.warehouses.length > 0 ? line.variant.warehouses.map((w) => w.id) : [1];
    await patch(line, {
      stock: [{ warehouseId: first, quantity }, ...others.map((warehouseId) => ({ warehouseId, quantity: 0 }))],
    });
  };
  const setPrice = (line: Line, price: number) => patch(line, { price: { recommended: price, selling: price } });

  const kyiv = settlementSchema.parse(await json(await call('GET', `delivery/public/settlement/${KYIV}`)));
  const cities = settlementListSchema.parse(
    await json(await call('GET', 'delivery/public/settlement/often-used/with-delivery-methods?limit=20')),
  ).items;
  let city: City | null = null;
  for (const s of cities) {
    const branchMethod = s.deliveryMethods?.find((m) => m.slug === 'np-warehouse');
    if (s.id === KYIV || !branchMethod || !s.deliveryMethods?.some((m) => m.slug === 'np-courier')) continue;
    const list = branchListSchema.parse(
      await json(await call('POST', `delivery/public/settlement/${s.id}/warehouse`, { deliverySlug: 'np-warehouse' })),
    );
    if (list.items.length > 1) {
      city = { settlement: s, branchMethod, branches: list.items };
      break;
    }
  }
  if (!city) throw new Error('no city with Nova Poshta branches and couriers');
  const configs = shopConfigsSchema.parse(await json(await call('GET', 'delivery/public/shop/configs')));

  return {
    services,
    client: (locale = 'ru') =>
      createHttpClient({
        baseUrls: embeddedBaseUrls,
        locale,
        fetch: services.fetch,
      }),
    call,
    order: (body, key = randomUUID(), query = '?locale=ru') =>
      call('POST', `order/public/anon/order${query}`, body, key === null ? {} : { 'idempotency-key': key }),
    line: async ({ price = 400, stock = 10, where } = {}) => {
      const found = candidates.find((c) => !taken.has(c.variant.id) && (where?.(c.product, c.variant) ?? true));
      if (!found) throw new Error('no variant left');
      taken.add(found.variant.id);
      const line: Line = {
        internalId: found.variant.id,
        productId: found.product.id,
        title: found.product.title,
        variant: found.variant,
      };
      await setPrice(line, price);
      await setStock(line, stock);
      return line;
    },
    giftOffer: async () => {
      // One variant a product, 100 lines a check: the basket check says which bring a gift list.
      const firstOfProduct = [...new Map(candidates.map((c) => [c.product.id, c])).values()].filter(
        (c) => !taken.has(c.variant.id),
      );
      for (let i = 0; i < firstOfProduct.length; i += 100) {
        const items = firstOfProduct
          .slice(i, i + 100)
          .map((c) => ({ internalId: c.variant.id, productId: c.product.id, quantity: 1 }));
        const answer = basketCheckResponseSchema.parse(
          await json(await call('POST', 'order/public/basket/check', { project: 'bbs', items })),
        );
        for (const list of answer.giftLists) {
          const found = firstOfProduct.find((c) => c.variant.id === list.toNomenclature);
          const gift = list.nomenclatureList[0];
          if (!found || !gift || taken.has(gift.nomenclatureId)) continue;
          taken.add(found.variant.id);
          taken.add(gift.nomenclatureId);
          const line: Line = {
            internalId: found.variant.id,
            productId: found.product.id,
            title: found.product.title,
            variant: found.variant,
          };
          return { line, list, gift };
        }
      }
      throw new Error('no product brings a gift list');
    },
    setStock,
    setPrice,
    kyiv,
    city,
    shops: [...configs.warehouseList, ...configs.partnerShopList],
    dispose: () => {
      services.close();
      if (copy !== null) rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** A fresh Idempotency-Key. */
export const key = (): string => randomUUID();

const person = { firstName: 'Олена', lastName: 'Коваль', email: 'olena@example.com' };

let phones = 0;
/**
 * A phone no other order of this file has: each order the builders make is a shopper of its own,
 * so no test meets the bound of open unpaid orders per phone (ORDER_OPEN_PER_PHONE) unless it
 * gives one phone on purpose.
 */
export function freshPhone(): string {
  phones += 1;
  return `38050${String(1_000_000 + phones).padStart(7, '0')}`;
}

type Wish = { internalId: number; productId: number; quantity: number };
export const wish = (line: Line, quantity = 1): Wish => ({
  internalId: line.internalId,
  productId: line.productId,
  quantity,
});

type BranchOrder = z.input<typeof branchOrderSchema>;
type AddressOrder = z.input<typeof addressOrderSchema>;
type PickupOrder = z.input<typeof pickupOrderSchema>;

/** A branch delivery to the test city's first Nova Poshta branch, paid in cash. */
export function branchOrder(shop: OrderShop, items: Wish[], extra: Partial<BranchOrder> = {}): BranchOrder {
  const { settlement, branchMethod, branches } = shop.city;
  const branch = branches[0];
  if (!branch) throw new Error('no branch');
  return {
    ...person,
    phone: freshPhone(),
    deliveryType: 1,
    deliveryCarrier: branchMethod.carrier,
    deliveryMethodSlug: 'np-warehouse',
    region: settlement.regionName,
    district: settlement.districtName ?? '',
    city: settlement.name,
    cityRef: settlement.ref,
    cityId: settlement.id,
    deliveryBranch: branch.title,
    deliveryBranchRef: branch.ref,
    paymentType: 1,
    items,
    ...extra,
  };
}

/** A courier to a Kyiv address (the shop's own courier), paid in cash. */
export function addressOrder(shop: OrderShop, items: Wish[], extra: Partial<AddressOrder> = {}): AddressOrder {
  return {
    ...person,
    phone: freshPhone(),
    deliveryType: 2,
    deliveryCarrier: 6,
    deliveryMethodSlug: 'im-courier',
    region: shop.kyiv.regionName,
    city: shop.kyiv.name,
    cityRef: shop.kyiv.ref,
    cityId: shop.kyiv.id,
    street: 'Хрещатик',
    streetTypeName: 'ул.',
    building: '22',
    apartment: '5',
    paymentType: 1,
    items,
    ...extra,
  };
}

/** Pickup in a Kyiv shop that takes orders (`slug`, or the first), paid in cash. */
export function pickupOrder(
  shop: OrderShop,
  items: Wish[],
  extra: Partial<PickupOrder> = {},
  slug?: string,
): PickupOrder {
  const point = shop.shops.find((s) => s.pickupEnable && (slug === undefined ? s.cityId === KYIV : s.slug === slug));
  if (!point) throw new Error('no pickup shop');
  return { ...person, phone: freshPhone(), deliveryType: 3, deliveryShop: point.ref, paymentType: 1, items, ...extra };
}

export async function orderOf(response: Response): Promise<Order> {
  const body: unknown = await response.json();
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`expected an order, got ${response.status} ${JSON.stringify(body)}`);
  }
  return orderSchema.parse(body);
}

export async function errorOf(response: Response): Promise<OrderError> {
  return orderErrorSchema.parse(await response.json());
}

/** Buys a certificate of `nominal` and pays it at the sandbox bank; answers its key. */
export async function paidCertificate(
  shop: OrderShop,
  nominal: number,
  buyer: { phone: string; firstName: string; email: string } = {
    phone: '380931234567',
    firstName: 'Ірина',
    email: '',
  },
): Promise<string> {
  const client = shop.client();
  const hash = await purchaseGiftCertificate(client, { ...buyer, nominal });
  const payment = await createPayment(client, hash, '/certificate');
  await shop.services.fetch(
    new Request(`http://shop.test${payment.paymentUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
    }),
  );
  const paid = await getGiftCertificateOrder(client, hash);
  if (paid.key === null) throw new Error('no key after payment');
  return paid.key;
}
