import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { branchListSchema, settlementSchema } from '../../src/api/schemas/delivery.ts';
import type { OrderPayload } from '../../src/api/schemas/order.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

/**
 * The checkout's server figures for `npm run bench` (issue 10): the branch search over the largest
 * city's branches, and order creation under concurrent shoppers. Both through the shop's HTTP
 * server, as the browser reaches the embedded services.
 */

/** Kyiv: the largest city of the seed (1,181 Nova Poshta parcel lockers, 656 branches). */
const KYIV = 9812;

export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number; body: string }> {
  const t0 = performance.now();
  const response = await run();
  const body = await response.text();
  return { ms: performance.now() - t0, status: response.status, body };
}

export interface BranchSearchFigures {
  /** What the picker sends as the shopper types: the number, 30 results. */
  typed: { p50: number; p95: number };
  /** One full page of 500 lockers (what reading the whole list costs per page). */
  fullPage: { p50: number; p95: number; gzipBytes: number };
  total: number;
}

/** The branch picker's search over Kyiv's parcel lockers: typed numbers, and a full page of 500. */
export async function branchSearch(shopUrl: string, requests: number): Promise<BranchSearchFigures> {
  const url = `${shopUrl}/svc/delivery/public/settlement/${KYIV}/warehouse`;
  const post = (body: unknown) => () =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const typed: number[] = [];
  const full: number[] = [];
  let total = 0;
  let gzipBytes = 0;
  for (let i = 0; i < requests; i++) {
    const number = String((i % 1181) + 1);
    const answer = await timed(post({ deliverySlug: 'np-postbox', searchName: number, limit: 30, page: 0 }));
    typed.push(answer.ms);
    if (i === 0) branchListSchema.parse(JSON.parse(answer.body));
  }
  for (let i = 0; i < Math.min(requests, 50); i++) {
    const answer = await timed(post({ deliverySlug: 'np-postbox', limit: 500, page: 0 }));
    full.push(answer.ms);
    if (i === 0) {
      total = branchListSchema.parse(JSON.parse(answer.body)).total;
      gzipBytes = gzipSync(answer.body).length;
    }
  }
  typed.sort((a, b) => a - b);
  full.sort((a, b) => a - b);
  return {
    typed: { p50: quantile(typed, 0.5), p95: quantile(typed, 0.95) },
    fullPage: { p50: quantile(full, 0.5), p95: quantile(full, 0.95), gzipBytes },
    total,
  };
}

export interface OrderCreationFigures {
  shoppers: number;
  ordersEach: number;
  p50: number;
  p99: number;
  /** HTTP status → count: a 409 (stock ran out) is a fast answer that would flatter the figures. */
  statuses: Map<number, number>;
}

/**
 * Order creation under `shoppers` concurrent shoppers, each placing orders in turn with a fresh
 * Idempotency-Key: re-pricing (search), the branch lookup (delivery), and one BEGIN IMMEDIATE +
 * synchronous=FULL commit per order.
 */
export async function orderCreation(shopUrl: string, requests: number, shoppers = 20): Promise<OrderCreationFigures> {
  const ordersEach = Math.max(1, Math.ceil(requests / shoppers));
  const kyiv = settlementSchema.parse(await (await fetch(`${shopUrl}/svc/delivery/public/settlement/${KYIV}`)).json());
  const branch = branchListSchema.parse(
    await (
      await fetch(`${shopUrl}/svc/delivery/public/settlement/${KYIV}/warehouse`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ deliverySlug: 'np-warehouse', limit: 1 }),
      })
    ).json(),
  ).items[0];
  if (!branch) throw new Error('Kyiv has no Nova Poshta branch in the seed');
  const carrier = kyiv.deliveryMethods?.find((m) => m.slug === 'np-warehouse')?.carrier ?? 1;
  const listed = productListSchema.parse(
    await (await fetch(`${shopUrl}/svc/search/public/products?page=0&limit=100&withPrice=1&hasImage=1`)).json(),
  ).items;
  const lines = listed.flatMap((p) =>
    p.nomenclature
      .filter((v) => v.totalAmount >= 10 && !v.isArchival)
      .map((v) => ({ internalId: v.id, productId: p.id, quantity: 1 })),
  );
  const times: number[] = [];
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: shoppers }, async (_, shopper) => {
      for (let i = 0; i < ordersEach; i++) {
        const line = lines[(shopper * ordersEach + i) % lines.length];
        if (!line) return;
        const payload: OrderPayload = {
          firstName: 'Олена',
          lastName: 'Коваль',
          phone: '380501234567',
          paymentType: 1,
          deliveryType: 1,
          deliveryCarrier: carrier,
          deliveryMethodSlug: 'np-warehouse',
          region: kyiv.regionName,
          city: kyiv.name,
          cityRef: kyiv.ref,
          cityId: kyiv.id,
          deliveryBranch: branch.title,
          deliveryBranchRef: branch.ref,
          items: [line],
        };
        const answer = await timed(() =>
          fetch(`${shopUrl}/svc/order/public/anon/order?locale=ru`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
            body: JSON.stringify(payload),
          }),
        );
        times.push(answer.ms);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { shoppers, ordersEach, p50: quantile(times, 0.5), p99: quantile(times, 0.99), statuses };
}
