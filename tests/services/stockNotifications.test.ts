import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOutboxSchema } from '../../src/api/schemas/user.ts';
import { stockNotificationSchema } from '../../src/api/schemas/stockNotification.ts';
import { createOrderShop, type OrderShop } from './orderSupport.ts';

/**
 * Issue 29, «Повідомити про наявність»: the order service keeps a request for a sold-out variant,
 * refuses one for a variant in stock, limits requests per address and per recipient, and sends it
 * once (through the user service's SMS outbox here) when the search admin API brings stock back.
 */
let shop: OrderShop;
beforeAll(async () => {
  shop = await createOrderShop();
}, 120_000);
afterAll(() => shop.dispose());

const ask = (body: unknown, address = '198.51.100.7') =>
  shop.call('POST', 'order/public/stock-notifications', body, { 'x-forwarded-for': address });

async function smsTo(phone: string): Promise<string[]> {
  const response = await shop.call('GET', `user/sandbox/sms?phone=${phone}`);
  return sandboxOutboxSchema.parse(await response.json()).items.map((item) => item.text);
}

describe('stock notifications', () => {
  it('keeps a request once, and sends it once when the variant is back', async () => {
    const line = await shop.line({ stock: 0 });
    const body = {
      productId: line.productId,
      variantId: line.internalId,
      locale: 'uk',
      channel: 'sms',
      to: '380931110001',
    };
    const first = await ask(body);
    expect(first.status).toBe(201);
    const kept = stockNotificationSchema.parse(await first.json());
    const again = stockNotificationSchema.parse(await (await ask(body)).json());
    expect(again.id).toBe(kept.id);
    expect(await smsTo('380931110001')).toEqual([]);

    await shop.setStock(line, 3);
    const sent = await smsTo('380931110001');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('знову в наявності');
    expect(sent[0]).toContain(`/ua/product/`);

    // More stock later: nothing more is sent.
    await shop.setStock(line, 5);
    expect(await smsTo('380931110001')).toHaveLength(1);
  });

  it('refuses a variant in stock, an unknown one, another product’s variant and a bad address', async () => {
    const inStock = await shop.line({ stock: 4 });
    const soldOut = await shop.line({ stock: 0 });
    const base = { locale: 'ru', channel: 'email', to: 'mama@example.com' };
    expect((await ask({ ...base, productId: inStock.productId, variantId: inStock.internalId })).status).toBe(409);
    expect((await ask({ ...base, productId: soldOut.productId, variantId: 999_999_999 })).status).toBe(404);
    expect((await ask({ ...base, productId: inStock.productId, variantId: soldOut.internalId })).status).toBe(404);
    expect(
      (await ask({ ...base, to: 'not-an-address', productId: soldOut.productId, variantId: soldOut.internalId }))
        .status,
    ).toBe(400);
    expect(
      (
        await ask({
          ...base,
          channel: 'sms',
          to: '0931234567',
          productId: soldOut.productId,
          variantId: soldOut.internalId,
        })
      ).status,
    ).toBe(400);
  });

  it('limits requests per recipient (5 an hour) and per address (10 an hour)', async () => {
    const lines = await Promise.all(Array.from({ length: 6 }, () => shop.line({ stock: 0 })));
    const statuses: number[] = [];
    for (const line of lines) {
      const body = {
        productId: line.productId,
        variantId: line.internalId,
        locale: 'ru',
        channel: 'sms',
        to: '380931110002',
      };
      statuses.push((await ask(body, '203.0.113.20')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const more = await Promise.all(Array.from({ length: 6 }, () => shop.line({ stock: 0 })));
    const byAddress: number[] = [];
    for (const [i, line] of [...lines.slice(0, 5), ...more].entries()) {
      const body = {
        productId: line.productId,
        variantId: line.internalId,
        locale: 'ru',
        channel: 'sms',
        to: `38093111${String(1000 + i)}`,
      };
      byAddress.push((await ask(body, '203.0.113.21')).status);
    }
    expect(byAddress.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(byAddress[10]).toBe(429);
  });

  it('sends only with the service token', async () => {
    expect((await shop.call('POST', 'order/internal/stock-notifications/run')).status).toBe(403);
    expect(
      (await shop.call('POST', 'user/internal/messages', { channel: 'sms', to: '380931110003', text: 'x' })).status,
    ).toBe(403);
  });
});
