import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketCheckResponseSchema, BASKET_LIMITS } from '../../src/api/schemas/basket.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { GIFT_CERTIFICATES, PROMO_CODES } from '../../src/services/seed/order.ts';
import { createBasketShop, SELLABLE, variantPicker } from './basketSupport.ts';
import type { BasketShop, Line } from './basketSupport.ts';

/**
 * The basket check is a public POST any client can send anything to: whatever arrives, the answer
 * is a 200 that keeps the contract's promises or a 4xx naming what was wrong, never a 5xx.
 */
let shop: BasketShop;
let real: Line[];
let promotions: { id: string; gifts: number[] }[];

beforeAll(async () => {
  shop = await createBasketShop(120, 7);
  const pick = variantPicker(shop.search);
  const qualifying = shop.order
    .prepare('SELECT product_id FROM gift_promotion WHERE product_id IS NOT NULL')
    .all()
    .map((row) => Number(row.product_id));
  real = [
    ...Array.from({ length: 6 }, () => pick(SELLABLE)),
    // Products that bring a gift list, so chosen gifts are sometimes given.
    ...Array.from({ length: 4 }, () => pick(`${SELLABLE} AND p.id IN (${qualifying.join(',')})`)),
    pick('p.is_archival = 1'),
    pick('p.is_archival = 0 AND v.is_archival = 1'),
  ];
  promotions = shop.order
    .prepare('SELECT id FROM gift_promotion ORDER BY id')
    .all()
    .map((row) => ({
      id: String(row.id),
      gifts: shop.order
        .prepare('SELECT variant_id FROM gift_promotion_item WHERE promotion_id = ?')
        .all(String(row.id))
        .map((g) => Number(g.variant_id)),
    }));
});
afterAll(() => shop.dispose());

const RUNS = 250;

async function expectNo5xx(body: unknown, query = '?locale=ru'): Promise<Response> {
  const response = await shop.post(body, query);
  const text = await response.text();
  expect(response.status, `${JSON.stringify(body)} -> ${text}`).toBeLessThan(500);
  if (response.status !== 200) {
    const error = serviceErrorSchema.parse(JSON.parse(text));
    expect(error.code).toBe(response.status);
    expect(error.message).not.toBe('');
  }
  return new Response(text, { status: response.status });
}

/** The answer's own promises, whatever was asked. */
async function expectContractKept(response: Response): Promise<void> {
  if (response.status !== 200) return;
  const answer = basketCheckResponseSchema.parse(await response.json());
  expect(answer.cost).toBeGreaterThanOrEqual(0);
  const linesCost = answer.basketItems.reduce((sum, item) => sum + item.checked.cost, 0);
  expect(answer.cost).toBeLessThanOrEqual(linesCost);
  for (const item of answer.basketItems) {
    if (item.checked.isGift) {
      expect(item.checked).toMatchObject({ price: 0, cost: 0 });
      expect(item.giftDiscountRef).not.toBeNull();
      continue;
    }
    expect(item.checked.quantity).toBeLessThanOrEqual(Math.min(item.quantity, item.availableQuantity));
    expect(item.checked.cost).toBe(Math.floor(item.checked.cost));
    if (item.errorCode !== 0) expect(item.checked.quantity).toBe(0);
  }
  const checked = answer.certificateList.filter((c) => c.isChecked);
  for (const c of answer.certificateList) if (!c.isChecked) expect(c.discountAmount).toBe(0);
  expect(checked.every((c) => c.errorMessage === null)).toBe(true);
}

describe('the basket check never answers a 5xx', () => {
  it('to arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        await expectNo5xx(body);
      }),
      { numRuns: RUNS },
    );
  });

  it('to arbitrary text and bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 200 })),
        fc.constantFrom('?locale=ru', '?locale=uk', '', '?locale=', '?locale=en&locale=ru', '?locale[0]=uk'),
        async (body, query) => {
          const response = await shop.services.fetch(
            new Request(`http://shop.test/svc/order/public/basket/check${query}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            }),
          );
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  const positive = fc.integer({ min: 1, max: 2_147_483_647 });
  /** A basket the contract accepts: real and made-up ids, every kind of code, gifts real and not. */
  const validBasket = () =>
    fc.record(
      {
        project: fc.oneof(fc.constant('bbs'), fc.string({ minLength: 1, maxLength: 32 })),
        items: fc.array(
          fc.record({
            internalId: fc.oneof(
              fc.constantFrom(...real.map((l) => l.internalId)),
              fc.constantFrom(...promotions.flatMap((p) => p.gifts)),
              positive,
            ),
            productId: fc.oneof(fc.constantFrom(...real.map((l) => l.productId)), positive),
            quantity: fc.integer({ min: 1, max: BASKET_LIMITS.quantity }),
          }),
          { maxLength: 30 },
        ),
        phone: fc.oneof(fc.constant('380501234567'), fc.string({ maxLength: 20 })),
        bonus: fc.nat(),
        certificates: fc.array(
          fc.record({
            type: fc.constantFrom(0 as const, 1 as const),
            key: fc.oneof(
              fc.constantFrom(...PROMO_CODES.map((p) => p.key), ...GIFT_CERTIFICATES.map((c) => c.key)),
              fc.constantFrom(' karapuz10 ', 'minus200', '', '   ', 'ß'.repeat(40), '\u0000', '\uD800'),
              fc.string({ maxLength: 64 }),
            ),
          }),
          { maxLength: BASKET_LIMITS.certificates },
        ),
        chosenGifts: fc.array(
          fc.record({
            internalId: fc.oneof(fc.constantFrom(...promotions.flatMap((p) => p.gifts)), positive),
            giftDiscountRef: fc.oneof(
              fc.constantFrom(...promotions.map((p) => p.id)),
              fc.string({ minLength: 1, maxLength: 64 }),
            ),
          }),
          { maxLength: 6 },
        ),
        withDeliveryList: fc.boolean(),
        cityId: fc.oneof(fc.constantFrom(9812, 10002, 10005), positive),
      },
      { requiredKeys: ['project', 'items'] },
    );

  it('to valid baskets it answers 200 and keeps its promises', async () => {
    await fc.assert(
      fc.asyncProperty(validBasket(), fc.constantFrom('?locale=ru', '?locale=uk', ''), async (body, query) => {
        const response = await expectNo5xx(body, query);
        expect(response.status).toBe(200);
        await expectContractKept(response);
      }),
      { numRuns: RUNS },
    );
  });

  /** Ways to spoil one part of a valid basket with a junk value. */
  const SPOIL: Record<string, (body: Record<string, unknown>, junk: unknown) => void> = {
    project: (body, junk) => (body.project = junk),
    items: (body, junk) => (body.items = junk),
    line: (body, junk) => (body.items = [junk]),
    quantity: (body, junk) => (body.items = [{ ...real[0], quantity: junk }]),
    internalId: (body, junk) => (body.items = [{ ...real[0], quantity: 1, internalId: junk }]),
    productId: (body, junk) => (body.items = [{ ...real[0], quantity: 1, productId: junk }]),
    certificates: (body, junk) => (body.certificates = junk),
    certificate: (body, junk) => (body.certificates = [{ type: 0, key: junk }]),
    certificateType: (body, junk) => (body.certificates = [{ type: junk, key: 'KARAPUZ10' }]),
    chosenGifts: (body, junk) => (body.chosenGifts = [{ internalId: junk, giftDiscountRef: junk }]),
    cityId: (body, junk) => (body.cityId = junk),
    withDeliveryList: (body, junk) => (body.withDeliveryList = junk),
    bonus: (body, junk) => (body.bonus = junk),
    phone: (body, junk) => (body.phone = junk),
  };
  const junk = fc.oneof(
    fc.jsonValue(),
    fc.constantFrom(0, -1, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e21, '', '1', null, [], {}, true),
  );

  it('to near-valid baskets (one part spoilt) it answers 200 or a 4xx, never a 5xx', async () => {
    const seen = { ok: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(validBasket(), fc.constantFrom(...Object.keys(SPOIL)), junk, async (basket, part, value) => {
        const body: Record<string, unknown> = { ...basket };
        SPOIL[part]?.(body, value);
        const response = await expectNo5xx(body);
        if (response.status === 200) seen.ok++;
        else seen.refused++;
        await expectContractKept(response);
      }),
      { numRuns: RUNS * 2 },
    );
    // Both kinds occur, or the property tested only one side.
    expect(seen.ok).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  });
});
