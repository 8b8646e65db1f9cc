import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusProfileSchema } from '../../src/api/schemas/user.ts';
import {
  getBonusHistory,
  getBonusProfile,
  getUser,
  joinBonusProgram,
  login,
  subscribeEmail,
} from '../../src/api/user.ts';
import {
  createUserShop,
  DEMO_PASSWORD,
  DEMO_PHONE,
  expectRefusal,
  freshPhone,
  registerShopper,
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
