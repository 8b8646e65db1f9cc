import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { z } from 'zod';
import { branchListSchema, settlementSchema } from '../../src/api/schemas/delivery.ts';
import { orderSchema, type Order } from '../../src/api/schemas/order.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import { childEnv, launch } from './support.ts';
import type { Launched } from './support.ts';

/**
 * What the launcher test files share: temporary directories and launched processes (both cleaned
 * up by `cleanUp`, each file's own: vitest gives every file its own module instance), the
 * services on free ports, the ready lines, and a few reads and sign-ins through the real HTTP path.
 */

const temporary: string[] = [];
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bbs-launcher-${label}-`));
  temporary.push(dir);
  return dir;
}
/** A secret no output could contain by accident. */
export const secret = (label: string) => `${label}-${randomUUID()}`;

const running: Launched[] = [];
export function start(script: 'scripts/start.ts' | 'scripts/services.ts', env: Record<string, string>): Launched {
  const child = launch(script, childEnv(env));
  running.push(child);
  return child;
}

/** Stops every launched process and deletes every temporary directory of this file. */
export async function cleanUp(): Promise<void> {
  await Promise.all(running.map((child) => child.stop()));
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}

export const READY = /\[start\] shop ready at (http:\/\/\S+?)\/ /;
export const SERVICES_READY = /\[services\] ready: (.+)\n/;
const serviceUrlsSchema = z.object({
  SEARCH_API_URL: z.url(),
  USER_API_URL: z.url(),
  CONTENT_API_URL: z.url(),
  ORDER_API_URL: z.url(),
  DELIVERY_API_URL: z.url(),
});
export type ServiceUrls = z.infer<typeof serviceUrlsSchema>;

/** Starts `npm run services` on free ports and reads the five URLs from its ready line. */
export async function startServices(env: Record<string, string>): Promise<{ services: Launched; urls: ServiceUrls }> {
  const services = start('scripts/services.ts', {
    SEARCH_PORT: '0',
    USER_PORT: '0',
    CONTENT_PORT: '0',
    ORDER_PORT: '0',
    DELIVERY_PORT: '0',
    ...env,
  });
  const [, line = ''] = await services.waitFor(SERVICES_READY);
  const pairs = line.split(' ').map((pair): [string, string] => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)];
  });
  return { services, urls: serviceUrlsSchema.parse(Object.fromEntries(pairs)) };
}

export async function shopReady(shop: Launched): Promise<string> {
  const [, url] = await shop.waitFor(READY);
  if (!url) throw new Error('no URL in the ready line');
  return url;
}
export async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

/**
 * A product with a price and a plain name (no characters HTML would escape), from the search
 * service: the first, or the `nth` of the page (several orders in a row spread over products' stock).
 */
export async function plainProduct(searchUrl: string, nth = 0): Promise<WireProduct> {
  const list = await getJson(
    `${searchUrl}/public/products?category=odezhda&page=1&limit=24&withPrice=1&hasImage=1`,
    productListSchema,
  );
  const plain = list.items.filter((item) => /^[^&<>"']+$/.test(item.title) && item.nomenclature.length > 0);
  const product = plain[nth % Math.max(1, plain.length)];
  if (!product) throw new Error('the search service lists no plain priced product');
  return product;
}

/** Signs in at /editor with `token` the way the form does; true when the content service took it. */
export async function editorSignIn(shopUrl: string, token: string): Promise<boolean> {
  const response = await fetch(`${shopUrl}/editor/login`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location') === '/editor';
}

/** An anonymous card-online order to a Kyiv Nova Poshta branch, placed at the order service itself. */
export async function placeBranchOrder(
  urls: Pick<ServiceUrls, 'SEARCH_API_URL' | 'ORDER_API_URL' | 'DELIVERY_API_URL'>,
  nth = 0,
): Promise<Order> {
  const kyiv = await getJson(`${urls.DELIVERY_API_URL}/public/settlement/9812`, settlementSchema);
  const branches = branchListSchema.parse(
    await (
      await fetch(`${urls.DELIVERY_API_URL}/public/settlement/9812/warehouse`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ deliverySlug: 'np-warehouse', limit: 1 }),
      })
    ).json(),
  );
  const branch = branches.items[0];
  const product = await plainProduct(urls.SEARCH_API_URL, nth);
  const variant = product.nomenclature.find((v) => v.totalAmount > 0);
  if (!branch || !variant) throw new Error('no branch or no variant in stock');
  const response = await fetch(`${urls.ORDER_API_URL}/public/anon/order?locale=ru`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      firstName: 'Олена',
      lastName: 'Коваль',
      phone: '380501234567',
      paymentType: 2,
      deliveryType: 1,
      deliveryCarrier: kyiv.deliveryMethods?.find((m) => m.slug === 'np-warehouse')?.carrier ?? 1,
      deliveryMethodSlug: 'np-warehouse',
      region: kyiv.regionName,
      city: kyiv.name,
      cityRef: kyiv.ref,
      cityId: kyiv.id,
      deliveryBranch: branch.title,
      deliveryBranchRef: branch.ref,
      items: [{ internalId: variant.id, productId: product.id, quantity: 1 }],
    }),
  });
  expect(response.status).toBe(201);
  return orderSchema.parse(await response.json());
}
