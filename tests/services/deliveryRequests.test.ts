import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import {
  branchListSchema,
  combinedBranchListSchema,
  deliveryCalculationSchema,
  settlementListSchema,
  settlementSchema,
  shopConfigsSchema,
  streetListSchema,
} from '../../src/api/schemas/delivery.ts';
import { createDeliveryShop, KYIV } from './deliverySupport.ts';
import type { DeliveryShop } from './deliverySupport.ts';

/**
 * The delivery service's calls are public: whatever a client sends, the answer is a 200 that parses
 * with the contract or a 4xx naming what was wrong, never a 5xx (DESIGN §4: every query and body is
 * parsed).
 */
let shop: DeliveryShop;

beforeAll(async () => {
  shop = await createDeliveryShop();
});
afterAll(() => shop.dispose());

async function expectRefusal(response: Response, status: number, field: string): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const error = serviceErrorSchema.parse(JSON.parse(text));
  expect(error.code).toBe(status);
  expect(error.message).toContain(field);
}

describe('malformed queries are a 400 naming the field', () => {
  it.each([
    ['/public/settlement', 'field searchName'],
    ['/public/settlement?searchName=a&page=-1', 'field page'],
    ['/public/settlement?searchName=a&page=1.5', 'field page'],
    ['/public/settlement?searchName=a&limit=0', 'field limit'],
    ['/public/settlement?searchName=a&limit=101', 'field limit'],
    [`/public/settlement?searchName=${'я'.repeat(101)}`, 'field searchName'],
    ['/public/settlement/with-delivery-methods?searchName=a&limit=abc', 'field limit'],
    ['/public/settlement/often-used/with-delivery-methods?limit=51', 'field limit'],
    ['/public/settlement/often-used/with-delivery-methods?project=BBS', 'field project'],
    [`/public/settlement/${KYIV}/meest/street?searchName=a&page=x`, 'field page'],
    [`/public/settlement/${KYIV}?locale=en`, 'field locale'],
    ['/public/settlement/-1/meest/street', 'settlement id'],
    ['/public/shop/configs?project=Not%20A%20Code', 'field project'],
  ])('GET %s', async (path, field) => {
    await expectRefusal(await shop.get(path), 400, field);
  });
});

describe('malformed bodies are a 400 naming the field', () => {
  const warehouse = `/public/settlement/${KYIV}/warehouse`;
  it.each([
    [warehouse, {}, 'field deliverySlug'],
    [warehouse, { deliverySlug: 'np-warehouse', page: -1 }, 'field page'],
    [warehouse, { deliverySlug: 'np-warehouse', page: 0.5 }, 'field page'],
    [warehouse, { deliverySlug: 'np-warehouse', limit: 0 }, 'field limit'],
    [warehouse, { deliverySlug: 'np-warehouse', limit: '500' }, 'field limit'],
    [warehouse, { deliverySlug: 'np-warehouse', searchName: 17 }, 'field searchName'],
    [warehouse, { deliverySlug: 'np-warehouse', sort: { field: 'title', order: 'asc' } }, 'field sort.field'],
    [warehouse, { deliverySlug: 'np-warehouse', sort: { field: 'number', order: 'up' } }, 'field sort.order'],
    [warehouse, [], 'request body'],
    [warehouse, 'not json', 'JSON'],
    [`${warehouse}/combined`, { deliverySlugs: 'np-warehouse' }, 'field deliverySlugs'],
    ['/public/delivery/product/1/calculate', { settlementId: 'Kyiv', weight: 1 }, 'field settlementId'],
    ['/public/delivery/product/1/calculate', { settlementId: KYIV, weight: 1e9 }, 'field weight'],
  ])('POST %s %j', async (path, body, field) => {
    await expectRefusal(await shop.post(path, body), 400, field);
  });

  it('refuses a body far larger than a delivery request with a 413', async () => {
    const response = await shop.post(`/public/settlement/${KYIV}/warehouse`, {
      deliverySlug: 'np-warehouse',
      searchName: 'x'.repeat(20_000),
    });
    expect(response.status).toBe(413);
  });
});

describe('no input makes a 5xx (fuzzed)', () => {
  const RUNS = 150;
  const anyText = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('17', '№17', 'київ', 'Киев', '%', "'", '~'));
  const anyValue = fc.oneof(anyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(anyText));
  const path = fc.oneof(
    fc.constant(String(KYIV)),
    fc.nat({ max: 20_000 }).map(String),
    fc.constantFrom('0', '1e3', '-5', '99999999999999999999', '%20', 'abc'),
  );

  /** The answer keeps the contract's promise for its call, or is a 4xx with a message. */
  async function expectAnswered(response: Response, parse: (body: unknown) => unknown): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBeLessThan(500);
    const body: unknown = JSON.parse(text);
    if (response.status === 200) parse(body);
    else expect(serviceErrorSchema.parse(body).message).not.toBe('');
  }

  it('GET calls with any query', async () => {
    const calls = [
      ['/public/settlement', (b: unknown) => settlementListSchema.parse(b)],
      ['/public/settlement/with-delivery-methods', (b: unknown) => settlementListSchema.parse(b)],
      ['/public/settlement/often-used/with-delivery-methods', (b: unknown) => settlementListSchema.parse(b)],
      [`/public/settlement/${KYIV}`, (b: unknown) => settlementSchema.parse(b)],
      [`/public/settlement/${KYIV}/meest/street`, (b: unknown) => streetListSchema.parse(b)],
      ['/public/shop/configs', (b: unknown) => shopConfigsSchema.parse(b)],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.dictionary(fc.constantFrom('searchName', 'page', 'limit', 'project', 'locale', 'x'), anyText),
        async ([call, parse], query) => {
          const search = new URLSearchParams(query).toString();
          await expectAnswered(await shop.get(`${call}?${search}`), parse);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('GET a settlement and its streets with any id', async () => {
    await fc.assert(
      fc.asyncProperty(path, fc.boolean(), async (id, streets) => {
        const response = await shop.get(`/public/settlement/${id}${streets ? '/meest/street?searchName=a' : ''}`);
        await expectAnswered(response, (b) => (streets ? streetListSchema.parse(b) : settlementSchema.parse(b)));
      }),
      { numRuns: RUNS },
    );
  });

  it('POST calls with any body', async () => {
    const body = fc.oneof(
      fc.record(
        {
          searchName: anyValue,
          deliverySlug: fc.oneof(fc.constantFrom('np-warehouse', 'np-postbox', 'u-warehouse', 'im-courier'), anyValue),
          deliverySlugs: fc.oneof(
            fc.array(fc.constantFrom('np-warehouse', 'justin-warehouse', 'np-courier')),
            anyValue,
          ),
          sort: fc.oneof(
            fc.record({ field: fc.constantFrom('number', 'id'), order: fc.constantFrom('asc', 'desc', 'up') }),
            anyValue,
          ),
          limit: fc.oneof(fc.integer({ min: -5, max: 600 }), anyValue),
          page: fc.oneof(fc.integer({ min: -2, max: 5 }), anyValue),
          settlementId: fc.oneof(fc.constantFrom(KYIV, 10055, 42), anyValue),
          weight: fc.oneof(fc.double({ min: -1, max: 2000, noNaN: true }), anyValue),
        },
        { requiredKeys: [] },
      ),
      anyValue,
    );
    const calls = [
      ['/warehouse', (b: unknown) => branchListSchema.parse(b)],
      ['/warehouse/combined', (b: unknown) => combinedBranchListSchema.parse(b)],
      ['/calculate', (b: unknown) => deliveryCalculationSchema.parse(b)],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), path, body, async ([call, parse], id, payload) => {
        const url =
          call === '/calculate' ? `/public/delivery/product/${id}/calculate` : `/public/settlement/${id}${call}`;
        await expectAnswered(await shop.post(url, payload), parse);
      }),
      { numRuns: RUNS },
    );
  });
});
