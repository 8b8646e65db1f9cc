import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { branchListSchema, settlementSchema } from '../../src/api/schemas/delivery.ts';
import { orderSchema, type Order, type PaymentType } from '../../src/api/schemas/order.ts';
import { productListSchema, type WireProduct, type WireVariant } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';

/**
 * Orders for the order and certificate tests, placed straight through the order service's HTTP API
 * (`POST /svc/order/public/anon/order` with an Idempotency-Key), as the checkout will place them:
 * a Nova Poshta branch in Kyiv (settlement 9812), one unit of a variant with plenty of stock from a
 * folder no other test changes prices or stock in, so tests sharing the seeded database never run
 * each other out of stock.
 */

export type Lang = 'ru' | 'uk';
export const PREFIX: Record<Lang, string> = { ru: '', uk: '/ua' };
const KYIV = 9812;
/** No other spec browses or changes this folder (specFidelity and stockRevalidation take the last ones). */
const ORDER_FOLDER = 'kormlenie';

/** The JSON of a call that must succeed. */
async function json(response: Promise<APIResponse>): Promise<unknown> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${answer.status()} ${await answer.text()}`).toBe(true);
  const body: unknown = await answer.json();
  return body;
}

/** A variant with at least 20 units whose price is within `min` … `max`, and its product. */
export async function stockedVariant(
  request: APIRequestContext,
  { category = ORDER_FOLDER, min = 1, max = 100_000 }: { category?: string; min?: number; max?: number } = {},
): Promise<{ product: WireProduct; variant: WireVariant }> {
  for (let page = 0; page < 10; page++) {
    const list = productListSchema.parse(
      await json(
        request.get(`/svc/search/public/products?category=${category}&page=${page}&limit=24&withPrice=1&hasImage=1`),
      ),
    );
    for (const product of list.items) {
      const variant = visibleVariants(product.nomenclature).find((v) => {
        const price = Math.min(v.probablyPriceRecommended ?? Infinity, v.probablyPriceSelling ?? Infinity);
        return v.totalAmount >= 20 && price >= min && price <= max;
      });
      if (variant) return { product, variant };
    }
  }
  throw new Error(`no variant with 20 units priced ${min}–${max} in ${category}`);
}

/** Places an anonymous order of one unit to a Kyiv Nova Poshta branch, paid by `paymentType`. */
export async function placeOrder(
  request: APIRequestContext,
  {
    paymentType,
    lang = 'ru',
    path = '/svc/order/public/anon/order',
    origin,
    phone = '380501234567',
  }: {
    paymentType: PaymentType;
    lang?: Lang;
    /** Where to post: the order service's anonymous order, or `/api/account/order` with a signed-in page's request. */
    path?: string;
    /** The shop's origin, sent as Origin: the shop's own endpoints refuse a foreign one. */
    origin?: string;
    phone?: string;
  },
): Promise<Order> {
  const settlement = settlementSchema.parse(await json(request.get(`/svc/delivery/public/settlement/${KYIV}`)));
  const branches = branchListSchema.parse(
    await json(
      request.post(`/svc/delivery/public/settlement/${KYIV}/warehouse`, {
        data: { deliverySlug: 'np-warehouse', limit: 1 },
      }),
    ),
  );
  const branch = branches.items[0];
  if (!branch) throw new Error('Kyiv has no Nova Poshta branch');
  // Pay in parts needs 300 … 100 000 UAH of goods (spec §5).
  const instalments = paymentType === 8 || paymentType === 10;
  const { product, variant } = await stockedVariant(request, instalments ? { min: 300 } : {});
  const order = await json(
    request.post(`${path}?locale=${lang}`, {
      headers: { 'Idempotency-Key': randomUUID(), ...(origin ? { Origin: origin } : {}) },
      data: {
        firstName: 'Олена',
        lastName: 'Коваль',
        phone,
        email: 'olena@example.com',
        deliveryType: 1,
        deliveryCarrier: branch.carrier,
        deliveryMethodSlug: 'np-warehouse',
        region: settlement.regionName,
        district: settlement.districtName ?? '',
        city: settlement.name,
        cityRef: settlement.ref,
        cityId: settlement.id,
        deliveryBranch: branch.title,
        deliveryBranchRef: branch.ref,
        paymentType,
        paymentParts: instalments ? 4 : 0,
        items: [{ internalId: variant.id, productId: product.id, quantity: 1 }],
      },
    }),
  );
  return orderSchema.parse(order);
}

/** Answers the sandbox bank's page with one of its buttons; resolves back on the shop's page. */
export async function answerAtBank(page: Page, button: string): Promise<void> {
  await expect(page).toHaveURL(/\/svc\/order\/sandbox\/bank\//);
  await page.getByRole('button', { name: button }).click();
  await expect(page).not.toHaveURL(/\/sandbox\/bank\//);
}
