import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SECURITY_TOKEN, USER_ERROR, userErrorSchema } from '../../src/api/schemas/user.ts';
import { readSandboxSms } from '../../src/api/user.ts';
import { createUserShop, freshAddress, freshPhone, registerShopper } from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * The limits hold against parallel attempts (DESIGN §7 "A limit is checked and recorded in one
 * atomic step"): a burst of requests sent at once is never all evaluated, whatever awaits (a
 * password hash, a bot check, an SMS gateway) lie between the check and the answer.
 */
let shop: UserShop;

beforeAll(() => {
  shop = createUserShop();
});
afterAll(() => shop.db.close());

const post = (path: string, body: Record<string, unknown>, address: string) =>
  shop.call('POST', path, { ...body, project: 'bbs' }, { 'x-forwarded-for': address });

/** The status and the contract's code of each answer, in the order the requests were made. */
async function outcomes(answers: Promise<Response>[]): Promise<{ status: number; code: number | null }[]> {
  return Promise.all(
    (await Promise.all(answers)).map(async (answer) => {
      const body: unknown = answer.status === 200 ? null : await answer.json();
      const parsed = userErrorSchema.safeParse(body);
      return { status: answer.status, code: parsed.success ? parsed.data.code : null };
    }),
  );
}

describe('parallel attempts', () => {
  it('40 wrong passwords and the right one in one burst: ten are evaluated, the right one is refused (1201)', async () => {
    const phone = freshPhone();
    await registerShopper(shop, phone, { password: 'right-password' });
    const address = freshAddress();
    const burst = [
      ...Array.from({ length: 40 }, (_, i) =>
        post('/public/auth/login', { login: phone, password: `wrong-${i}` }, address),
      ),
      post('/public/auth/login', { login: phone, password: 'right-password' }, address),
    ];
    const answers = await outcomes(burst);
    const evaluated = answers.filter((a) => a.status !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(10);
    expect(evaluated.every((a) => a.code === USER_ERROR.wrongCredentials)).toBe(true);
    expect(answers.at(-1)).toEqual({ status: 429, code: USER_ERROR.hourlyLimit });

    // An hour on: a right password gives its count back, so signing in often never locks anyone
    // out, and nine more wrong ones still leave the right one through.
    shop.advance(3601);
    for (let i = 0; i < 12; i++) {
      expect((await post('/public/auth/login', { login: phone, password: 'right-password' }, address)).status).toBe(
        200,
      );
    }
    for (let i = 0; i < 9; i++) {
      expect((await post('/public/auth/login', { login: phone, password: `again-${i}` }, address)).status).toBe(400);
    }
    expect((await post('/public/auth/login', { login: phone, password: 'right-password' }, address)).status).toBe(200);
  });

  it('20 recovery codes for one phone at once: one SMS, the rest 1202', async () => {
    const phone = freshPhone();
    await registerShopper(shop, phone);
    shop.advance(61);
    const answers = await outcomes(
      Array.from({ length: 20 }, () => post('/public/auth/forgot-password', { phone }, freshAddress())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429 && a.code === USER_ERROR.minuteLimit)).toHaveLength(19);
    expect(
      (await readSandboxSms(shop.client(), phone)).items.filter((m) => /восстановления/.test(m.text)),
    ).toHaveLength(1);
  });

  it('12 registrations from one address to 12 phones at once: five codes, the rest 1203', async () => {
    const address = freshAddress();
    const phones = Array.from({ length: 12 }, () => freshPhone());
    const answers = await outcomes(
      phones.map((phone) =>
        post('/public/register/phone', { phone, firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN }, address),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429).every((a) => a.code === USER_ERROR.requestLimit)).toBe(true);
    const sent = await Promise.all(phones.map((phone) => readSandboxSms(shop.client(), phone)));
    expect(sent.reduce((n, outbox) => n + outbox.items.length, 0)).toBe(5);
  });

  it('30 account lookups from one address at once: ten answered, the rest 1203', async () => {
    const address = freshAddress();
    const answers = await outcomes(
      Array.from({ length: 30 }, () => post('/public/register/check-exist', { phone: freshPhone() }, address)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429 && a.code === USER_ERROR.requestLimit)).toHaveLength(20);
  });

  it('25 newsletter subscriptions from one address at once: twenty taken, the rest 1203', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post('/public/e-sputnik/subscribe/7', { email: `reader-${i}@example.com` }, address),
      ),
    );
    expect(answers.filter((a) => a.status === 204)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });
});
