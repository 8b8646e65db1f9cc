import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderErrorSchema, orderSchema } from '../../src/api/schemas/order.ts';
import { addressOrder, branchOrder, createOrderShop, pickupOrder, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * Order creation is a public POST anyone can send anything to: whatever arrives, the answer is an
 * order (201/200) that keeps the contract, or a 4xx that names what was wrong, never a 5xx.
 */
let shop: OrderShop;
let lines: Line[];

beforeAll(async () => {
  shop = await createOrderShop();
  lines = [];
  for (let i = 0; i < 6; i++) lines.push(await shop.line({ price: 150 * (i + 1), stock: 999 }));
});
afterAll(() => shop.dispose());

const RUNS = 150;

async function expectNo5xx(body: unknown, headers: Record<string, string>, query = '?locale=ru'): Promise<number> {
  const response = await shop.call('POST', `order/public/anon/order${query}`, body, headers);
  const text = await response.text();
  expect(response.status, `${JSON.stringify(body)} -> ${text}`).toBeLessThan(500);
  const json: unknown = JSON.parse(text);
  if (response.status === 200 || response.status === 201) {
    const order = orderSchema.parse(json);
    expect(order.totalPrice).toBe(
      Math.max(0, order.price - order.certificateAmount - order.usedBonuses) + order.deliveryPrice,
    );
  } else {
    const error = orderErrorSchema.parse(json);
    expect(error.message).not.toBe('');
    if (response.status === 400) expect(error.fields.length).toBeGreaterThan(0);
  }
  return response.status;
}

const keyArb = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 16, maxLength: 40, unit: fc.constantFrom(...'abcdefABCDEF0123456789-_.:') }),
);

describe('creating an order never answers a 5xx', () => {
  it('to arbitrary JSON and text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' })), keyArb, async (body, k) => {
        await expectNo5xx(typeof body === 'string' ? body : JSON.stringify(body), { 'idempotency-key': k });
      }),
      { numRuns: RUNS },
    );
  });

  /** A payload the contract accepts, for any delivery, with real and made-up lines, codes and payments. */
  const payload = () =>
    fc
      .record({
        delivery: fc.constantFrom('branch', 'address', 'pickup'),
        items: fc.array(
          fc.record({
            line: fc.integer({ min: 0, max: 5 }),
            quantity: fc.integer({ min: 1, max: 30 }),
            // Mostly real lines: a property that only ever sees refusals tests one side.
            fake: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
          }),
          { maxLength: 5 },
        ),
        paymentType: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(1, 2) },
          { weight: 2, arbitrary: fc.constantFrom(3, 5, 6, 7, 8, 9, 10) },
        ),
        // 'fit': what the type needs (3 … 10 payments for instalments, 0 otherwise); or any number.
        paymentParts: fc.oneof(
          { weight: 4, arbitrary: fc.constant('fit' as const) },
          { weight: 1, arbitrary: fc.constantFrom(0, 3, 10) },
        ),
        certificates: fc.oneof(
          { weight: 3, arbitrary: fc.constant([]) },
          {
            weight: 1,
            arbitrary: fc.array(
              fc.record({
                type: fc.constantFrom(0, 1),
                key: fc.constantFrom(
                  'KARAPUZ10',
                  'MINUS200',
                  'OLDCODE',
                  'BBS3F8N2R6W1Y5HC',
                  'BBS5D9L4P7V2J6KE',
                  'nope',
                  '',
                ),
              }),
              { maxLength: 3 },
            ),
          },
        ),
        comment: fc.string({ maxLength: 50 }),
        otherRecipient: fc.boolean(),
      })
      .map((p) => {
        const items = p.items.map((item) => {
          const line = lines[item.line] ?? lines[0];
          if (!line) throw new Error('no lines');
          return item.fake
            ? { internalId: line.internalId + 7_000_000, productId: line.productId, quantity: item.quantity }
            : wish(line, item.quantity);
        });
        const extra = {
          paymentType: p.paymentType,
          paymentParts:
            p.paymentParts === 'fit' ? (p.paymentType === 8 || p.paymentType === 10 ? 4 : 0) : p.paymentParts,
          certificates: p.certificates,
          comment: p.comment,
          otherRecipient: p.otherRecipient,
          recipientPhone: '380671234567',
          recipientFirstName: 'Іван',
          recipientLastName: 'Петренко',
        };
        if (p.delivery === 'branch') return { ...branchOrder(shop, items), ...extra };
        if (p.delivery === 'address') return { ...addressOrder(shop, items), ...extra };
        return { ...pickupOrder(shop, items), ...extra };
      });

  it('to valid payloads: an order, a 400 naming fields, or a 409', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(payload(), keyArb, fc.constantFrom('?locale=ru', '?locale=uk', ''), async (body, k, query) => {
        const status = await expectNo5xx(body, { 'idempotency-key': k }, query);
        expect([200, 201, 400, 409, 422]).toContain(status);
        seen.set(status, (seen.get(status) ?? 0) + 1);
      }),
      { numRuns: RUNS },
    );
    // Both sides occur, or the property tested only one.
    expect(seen.get(201) ?? 0).toBeGreaterThan(5);
    expect(seen.get(400) ?? 0).toBeGreaterThan(5);
  });

  /** Ways to spoil one part of a valid payload. */
  const SPOIL: Record<string, (body: Record<string, unknown>, junk: unknown) => void> = {
    deliveryType: (body, junk) => (body.deliveryType = junk),
    items: (body, junk) => (body.items = junk),
    line: (body, junk) => (body.items = [junk]),
    quantity: (body, junk) => (body.items = [{ ...wish(lines[0] ?? never()), quantity: junk }]),
    phone: (body, junk) => (body.phone = junk),
    firstName: (body, junk) => (body.firstName = junk),
    email: (body, junk) => (body.email = junk),
    paymentType: (body, junk) => (body.paymentType = junk),
    paymentParts: (body, junk) => (body.paymentParts = junk),
    cityId: (body, junk) => (body.cityId = junk),
    cityRef: (body, junk) => (body.cityRef = junk),
    deliveryMethodSlug: (body, junk) => (body.deliveryMethodSlug = junk),
    deliveryBranchRef: (body, junk) => (body.deliveryBranchRef = junk),
    deliveryShop: (body, junk) => (body.deliveryShop = junk),
    certificates: (body, junk) => (body.certificates = junk),
    chosenGiftItems: (body, junk) => (body.chosenGiftItems = [{ internalId: junk, giftDiscountRef: junk }]),
    usedBonuses: (body, junk) => (body.usedBonuses = junk),
    callBack: (body, junk) => (body.callBack = junk),
  };
  const junk = fc.oneof(
    fc.jsonValue(),
    fc.constantFrom(
      0,
      -1,
      1.5,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      1e21,
      '',
      '1',
      null,
      [],
      {},
      true,
      '\u0000',
      '\uD800',
    ),
  );

  it('to near-valid payloads (one part spoilt) and odd headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        payload(),
        fc.constantFrom(...Object.keys(SPOIL)),
        junk,
        fc.oneof(keyArb, fc.string({ maxLength: 200 })),
        async (valid, part, value, k) => {
          const body: Record<string, unknown> = { ...valid };
          SPOIL[part]?.(body, value);
          await expectNo5xx(body, { 'idempotency-key': k.replace(/[\r\n]/g, '') });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('payments, certificates and reads, whatever arrives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'order/public/payment/new/',
          'order/public/payment/checkout/',
          'order/public/anon/order/',
          'order/public/anon/order/gift-certificate/',
          'order/public/anon/order/one-click',
          'order/sandbox/bank/',
        ),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constant('AAAAAAAAAAAAAAAAAAAAAA')),
        fc.constantFrom('GET', 'POST'),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ returnUrl: fc.string() }),
          fc.record({ nominal: fc.double(), phone: fc.string() }),
        ),
        async (path, id, method, body) => {
          const response = await shop.call(
            method,
            `${path}${encodeURIComponent(id)}`,
            method === 'GET' ? undefined : JSON.stringify(body),
            { 'idempotency-key': '0123456789abcdef0123' },
          );
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

function never(): never {
  throw new Error('no lines');
}
