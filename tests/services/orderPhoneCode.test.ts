import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmResponseSchema, sandboxOutboxSchema } from '../../src/api/schemas/user.ts';
import { branchOrder, createOrderShop, errorOf, freshPhone, orderOf, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';

/**
 * The code that confirms an anonymous order's phone (docs/decisions.md "Accounts: confirming the
 * phone of an order, inline"): asked by the order's hash, sent to the order's phone, and the user
 * service's internal route takes only the order service's token.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

async function sms(phone: string) {
  const response = await shop.call('GET', `user/sandbox/sms?phone=${phone}`);
  return sandboxOutboxSchema.parse(await response.json()).items;
}

describe('the code for an order’s phone', () => {
  it('goes to the order’s phone, in the order’s language; the code confirms it and makes the profile', async () => {
    const phone = freshPhone();
    const line = await shop.line({ price: 500 });
    const order = await orderOf(
      await shop.order(branchOrder(shop, [wish(line)], { phone, firstName: 'Ярина', lastName: 'Бойко' })),
    );
    expect(order.hasAccount).toBe(false);
    const sent = await shop.call('POST', `order/public/anon/order/${order.hash}/phone-code?locale=uk`, {});
    expect(sent.status).toBe(200);
    const [message] = await sms(phone);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await shop.call('POST', 'user/public/register/phone-confirm', { phone, token: code });
    expect(confirmed.status).toBe(200);
    const body = confirmResponseSchema.parse(await confirmed.json());
    expect(body.authorization.profile).toMatchObject({ firstName: 'Ярина', lastName: 'Бойко', phone });
  });

  it('asks nothing for an unknown hash; the user service’s route refuses a caller without the token', async () => {
    const unknown = await shop.call('POST', `order/public/anon/order/${'A'.repeat(22)}/phone-code`, {});
    expect(unknown.status).toBe(404);
    const phone = freshPhone();
    const direct = await shop.call('POST', 'user/internal/register/order-phone', { phone, firstName: 'Іра' });
    expect(direct.status).toBe(403);
    expect(await sms(phone)).toEqual([]);
    expect((await errorOf(direct)).code).toBeGreaterThan(0);
  });
});
