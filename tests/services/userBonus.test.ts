import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/apiError.ts';
import { bonusProfileSchema, bonusShortErrorSchema, USER_ERROR } from '../../src/api/schemas/user.ts';
import {
  getBonusHistory,
  getBonusProfile,
  getUser,
  giveBackOrderBonuses,
  joinBonusProgram,
  login,
  payOrderWithBonuses,
  subscribeEmail,
} from '../../src/api/user.ts';
import {
  createUserShop,
  DEMO_PASSWORD,
  DEMO_PHONE,
  expectRefusal,
  freshPhone,
  registerShopper,
  SERVICE_TOKEN,
} from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/** The cashback programme (accounts spec §3 bonus profile, §7) and the newsletter subscription. */
let shop: UserShop;

beforeAll(() => {
  shop = createUserShop();
});
afterAll(() => shop.db.close());

describe('the bonus programme', () => {
  it('shows the seeded member’s level, amounts and paged history', async () => {
    const { token } = await login(shop.client(), { login: DEMO_PHONE, password: DEMO_PASSWORD });
    const client = shop.client({ token });
    const profile = await getBonusProfile(client);
    expect(profile).toMatchObject({
      isMember: true,
      // The accruals of the last 14 days wait out the return period.
      activeAmount: 367.1,
      passiveAmount: 131.2,
      levelName: 'Срібний',
      levelNameRu: 'Серебряный',
      rate: 5,
      accumulationAmount: 7420,
      levelDuration: 12,
    });
    expect(profile.nextIncomes.map((i) => i.changing)).toEqual([54.7, 76.5]);
    expect(profile.rateRules.map((r) => r.rate)).toEqual([3, 5, 7]);

    const first = await getBonusHistory(client, { page: 0 });
    expect(first.total).toBe(15);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ amount: 76.5, orderNumber: '104719' });
    const dates = first.items.map((i) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await getBonusHistory(client, { page: 1 });
    expect(second.items).toHaveLength(5);
    expect(second.items.at(-1)).toMatchObject({ amount: 50, description: 'Бонус за вступление в программу' });
  });

  it('a shopper joins once and gets the 50 грн welcome bonus', async () => {
    const { token } = await registerShopper(shop, freshPhone());
    const client = shop.client({ token });
    const before = await getBonusProfile(client);
    expect(before).toMatchObject({ isMember: false, activeAmount: 0, validUntil: null, levelName: 'Базовий', rate: 3 });
    expect((await getBonusHistory(client, { page: 0 })).items).toEqual([]);

    const joined = bonusProfileSchema.parse(await joinBonusProgram(client));
    expect(joined).toMatchObject({ isMember: true, activeAmount: 50, passiveAmount: 0 });
    expect(joined.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await getUser(client)).bonusProgramMember).toBe(true);
    // Joining again changes nothing.
    expect((await joinBonusProgram(client)).activeAmount).toBe(50);
    expect((await getBonusHistory(client, { page: 0 })).total).toBe(1);
  });

  it('the history query is checked', async () => {
    const { token } = await login(shop.client(), { login: DEMO_PHONE, password: DEMO_PASSWORD });
    const answer = await shop.call('GET', '/public/bonus/history?page=-1&limit=1000&sort=id', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(answer.status).toBe(400);
    const body: unknown = await answer.json();
    expect(body).toMatchObject({ code: 400 });
    expect(JSON.stringify(body)).toContain('"field":"page"');
  });
});

describe('paying an order with points (the order service’s internal calls)', () => {
  /** A new member with the 50 грн welcome bonus: their token and id. */
  async function newMember(): Promise<{ token: string; id: number }> {
    const { token, profile } = await registerShopper(shop, freshPhone());
    await joinBonusProgram(shop.client({ token }));
    return { token, id: profile.id };
  }
  const pay = (token: string, orderNumber: string, amount: number, serviceToken = SERVICE_TOKEN) =>
    payOrderWithBonuses(shop.client(), { orderNumber, amount }, { authorization: `Bearer ${token}`, serviceToken });
  const active = async (token: string): Promise<number> => (await getBonusProfile(shop.client({ token }))).activeAmount;

  it('spends the bearer’s own points once per order number, and the history names the order', async () => {
    const { token, id } = await newMember();
    const first = await shop.call(
      'POST',
      '/internal/bonus/order-payment',
      { orderNumber: '1000042', amount: 30 },
      { authorization: `Bearer ${token}`, 'x-service-token': SERVICE_TOKEN },
    );
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      customerId: id,
      orderNumber: '1000042',
      amount: 30,
      status: 'spent',
      activeAmount: 20,
    });
    // The same payment again (a retried order): the same answer, nothing spent twice.
    expect(await pay(token, '1000042', 30)).toMatchObject({ amount: 30, activeAmount: 20 });
    expect(await active(token)).toBe(20);
    const history = await getBonusHistory(shop.client({ token }), { page: 0 });
    expect(history.items[0]).toMatchObject({
      amount: -30,
      description: 'Оплата бонусами заказа',
      orderNumber: '1000042',
    });
    expect(history.total).toBe(2);
    // The same number with another amount is another payment: refused, never adjusted.
    await expectRefusal(pay(token, '1000042', 10), USER_ERROR.bonusOrderTaken, 409);
  });

  it('refuses a balance that is short (saying how much there is) and a shopper who is not a member', async () => {
    const { token } = await newMember();
    const short = await pay(token, '1000043', 51).then(
      () => null,
      (error: unknown) => (isApiError(error) ? error : null),
    );
    expect(short?.status).toBe(409);
    expect(bonusShortErrorSchema.parse(short?.body)).toMatchObject({
      code: USER_ERROR.bonusShort,
      message: 'Недостаточно бонусов: доступно 50 грн',
      activeAmount: 50,
    });
    const { token: plain } = await registerShopper(shop, freshPhone());
    await expectRefusal(pay(plain, '1000044', 1), USER_ERROR.bonusNotMember, 409);
    expect(await active(token)).toBe(50);
  });

  it('is for the order service only: without its token nobody pays or gives back, whatever bearer they hold', async () => {
    const { token, id } = await newMember();
    for (const serviceToken of ['', 'a-guess', `${SERVICE_TOKEN}x`]) {
      await expectRefusal(pay(token, '1000045', 10, serviceToken), USER_ERROR.serviceToken, 403);
      await expectRefusal(
        giveBackOrderBonuses(shop.client(), { customerId: id, orderNumber: '1000045' }, serviceToken),
        USER_ERROR.serviceToken,
        403,
      );
    }
    const bare = await shop.call(
      'POST',
      '/internal/bonus/order-payment',
      { orderNumber: '1000045', amount: 10 },
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(bare.status).toBe(403);
    // With the service's token but no shopper's bearer there is nobody to pay for.
    const nobody = await shop.call(
      'POST',
      '/internal/bonus/order-payment',
      { orderNumber: '1000045', amount: 10 },
      {
        'x-service-token': SERVICE_TOKEN,
      },
    );
    expect(nobody.status).toBe(401);
    expect(await active(token)).toBe(50);
  });

  it('checks the body: a whole, positive amount and an order number', async () => {
    const { token } = await newMember();
    for (const body of [
      { orderNumber: '1000046', amount: 1.5 },
      { orderNumber: '1000046', amount: 0 },
      { orderNumber: '1000046', amount: -5 },
      { orderNumber: 'abc', amount: 5 },
      { amount: 5 },
    ]) {
      const answer = await shop.call('POST', '/internal/bonus/order-payment', body, {
        authorization: `Bearer ${token}`,
        'x-service-token': SERVICE_TOKEN,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await active(token)).toBe(50);
  });

  it('gives an order’s points back once, as a line of its own; a number never paid cannot be paid later', async () => {
    const { token, id } = await newMember();
    await pay(token, '1000047', 40);
    expect(await active(token)).toBe(10);
    const back = await giveBackOrderBonuses(shop.client(), { customerId: id, orderNumber: '1000047' }, SERVICE_TOKEN);
    expect(back).toMatchObject({ amount: 40, status: 'given-back', activeAmount: 50 });
    // Again: nothing more comes back.
    expect(
      (await giveBackOrderBonuses(shop.client(), { customerId: id, orderNumber: '1000047' }, SERVICE_TOKEN))
        .activeAmount,
    ).toBe(50);
    const history = await getBonusHistory(shop.client({ token }), { page: 0 });
    expect(history.items.slice(0, 2)).toMatchObject([
      { amount: 40, description: 'Возврат бонусов за заказ', orderNumber: '1000047' },
      { amount: -40, description: 'Оплата бонусами заказа', orderNumber: '1000047' },
    ]);
    // A payment given back is not taken again under its number.
    await expectRefusal(pay(token, '1000047', 40), USER_ERROR.bonusOrderTaken, 409);
    // Given back before anything was paid (an answer that never came): a late payment is refused.
    expect(
      await giveBackOrderBonuses(shop.client(), { customerId: id, orderNumber: '1000048' }, SERVICE_TOKEN),
    ).toMatchObject({ amount: 0, status: 'given-back' });
    await expectRefusal(pay(token, '1000048', 5), USER_ERROR.bonusOrderTaken, 409);
    expect(await active(token)).toBe(50);
    await expectRefusal(
      giveBackOrderBonuses(shop.client(), { customerId: 999_999, orderNumber: '1000049' }, SERVICE_TOKEN),
      USER_ERROR.notFound,
      404,
    );
  });
});

describe('the newsletter', () => {
  it('records a subscription (once per list and address) and checks the address', async () => {
    await subscribeEmail(shop.client(), 1, 'Reader@Example.com');
    await subscribeEmail(shop.client(), 1, 'reader@example.com');
    const rows = shop.db.prepare('SELECT list_id, email FROM newsletter_subscription').all();
    expect(rows).toEqual([{ list_id: 1, email: 'reader@example.com' }]);
    const refused = await expectRefusal(subscribeEmail(shop.client(), 1, 'not-an-address'), 400, 400);
    expect(refused.fields).toEqual([
      { field: 'email', message: "Поле 'Е-mail' должно быть действительным электронным адресом" },
    ]);
  });
});
