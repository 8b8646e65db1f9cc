import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBasket } from '../../src/api/order.ts';
import { branchOrder, createOrderShop, errorOf, orderOf, paidCertificate, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * A gift certificate spent by another order between the basket check and the order (issue 23: "the
 * basket showed 500, the order took 250"): the order says what the check showed the certificate
 * paying (`certificates[].amount`), and is refused with a 409 naming the certificate when less is
 * left, with no order, no reservation and nothing spent; never applied in part without a word.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

const certificateOf = (nominal: number): Promise<string> => paidCertificate(shop, nominal);

/** What the basket check shows the certificate paying for `line` (the shopper's screen). */
async function shown(line: Line, key: string): Promise<number> {
  const check = await checkBasket(shop.client(), { items: [wish(line)], certificates: [{ type: 1, key }] });
  return check.certificateList[0]?.discountAmount ?? Number.NaN;
}

async function available(line: Line): Promise<number | undefined> {
  return (await checkBasket(shop.client(), { items: [wish(line)] })).basketItems[0]?.availableQuantity;
}

describe('a certificate spent from since the basket showed it', () => {
  it('is refused with a 409 naming it, in the request’s language: no order, no hold, nothing spent', async () => {
    const key = await certificateOf(500);
    const dear = await shop.line({ price: 600, stock: 1 });
    const cheap = await shop.line({ price: 250 });
    const shownForDear = await shown(dear, key);
    expect(shownForDear).toBe(500);

    // Another order (another tab, another person with the number) spends 250 of it meanwhile.
    const other = await orderOf(
      await shop.order(branchOrder(shop, [wish(cheap)], { certificates: [{ type: 1, key, amount: 250 }] })),
    );
    expect(other.certificateAmount).toBe(250);

    const body = branchOrder(shop, [wish(dear)], { certificates: [{ type: 1, key, amount: shownForDear }] });
    const ru = await shop.order(body);
    expect(ru.status).toBe(409);
    const message = 'Сертификатом уже оплачен другой заказ: на нём осталось 250 грн. Проверьте заказ';
    expect(await errorOf(ru)).toEqual({
      code: 4091,
      message: `Корзина изменилась: проверьте товары и коды: ${message}`,
      fields: [{ field: 'certificates.0.key', message }],
    });
    const uk = await shop.order(body, undefined, '?locale=uk');
    expect((await errorOf(uk)).fields).toEqual([
      {
        field: 'certificates.0.key',
        message: 'Сертифікатом уже сплачено інше замовлення: на ньому залишилось 250 грн. Перевірте замовлення',
      },
    ]);
    expect(await available(dear)).toBe(1);
    expect(await shown(dear, key)).toBe(250);

    // Shown again what is left, the shopper places the order knowingly.
    const placed = await orderOf(
      await shop.order(branchOrder(shop, [wish(dear)], { certificates: [{ type: 1, key, amount: 250 }] })),
    );
    expect(placed).toMatchObject({ price: 600, certificateAmount: 250 });
  });

  it('two orders sent at once, each shown 300 of a 500 certificate: one is placed, the other refused', async () => {
    const key = await certificateOf(500);
    const first = await shop.line({ price: 300, stock: 1 });
    const second = await shop.line({ price: 300, stock: 1 });
    const bodies = [first, second].map((line) =>
      branchOrder(shop, [wish(line)], { certificates: [{ type: 1, key, amount: 300 }] }),
    );
    const responses = await Promise.all(bodies.map((body) => shop.order(body)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const refusedAt = responses.findIndex((r) => r.status === 409);
    const refusal = await errorOf(responses[refusedAt] ?? new Response());
    expect(refusal.fields).toEqual([
      {
        field: 'certificates.0.key',
        message: 'Сертификатом уже оплачен другой заказ: на нём осталось 200 грн. Проверьте заказ',
      },
    ]);
    const placed = await orderOf(responses[1 - refusedAt] ?? new Response());
    expect(placed.certificateAmount).toBe(300);
    // Spent once, by the order placed; the refused one holds nothing.
    expect(await shown(await shop.line({ price: 1000 }), key)).toBe(200);
    expect(await available([first, second][refusedAt] ?? first)).toBe(1);
  });
});
