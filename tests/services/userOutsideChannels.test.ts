import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SANDBOX_SECURITY_TOKEN, USER_ERROR } from '../../src/api/schemas/user.ts';
import {
  confirmEmail,
  confirmPhone,
  forgotPassword,
  getUser,
  registerByPhone,
  requestEmail,
  setPasswordWithToken,
} from '../../src/api/user.ts';
import { SANDBOX_WORLD } from '../../src/services/outside/outsideWorld.ts';
import { deadOrigin, formOf, OK, productionWorld, startFake } from './fakeOutside.ts';
import type { FakeAnswer, FakeServer, Received } from './fakeOutside.ts';
import { createUserShop, DEMO_PHONE, expectRefusal, freshAddress, freshPhone } from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * The user service in a real production (DESIGN §7 "Production is a mode"): no sandbox page, no
 * dummy bot token; SMS, e-mail and the bot check go to the configured adapters, here fake servers on
 * 127.0.0.1. A channel that fails is a 503 with Retry-After that counts nothing against the shopper.
 */

const SHOP_URL = 'https://shop.example';
const SMS_TOKEN = 'sms-secret-token';
const MAIL_TOKEN = 'mail-secret-token';
const CAPTCHA_SECRET = 'captcha-secret';
const GOOD_TOKEN = 'token-of-a-person';

let sms: FakeServer;
let mail: FakeServer;
let captcha: FakeServer;
let shop: UserShop;

const verdict = (request: Received) => ({ status: 200, json: { success: formOf(request).response === GOOD_TOKEN } });

beforeAll(async () => {
  [sms, mail, captcha] = await Promise.all([startFake(() => OK), startFake(() => OK), startFake(verdict)]);
  shop = createUserShop(undefined, 1, {
    outside: productionWorld({
      sms: { url: `${sms.origin}/v1/sms`, token: SMS_TOKEN },
      email: { url: `${mail.origin}/v1/mail`, token: MAIL_TOKEN, from: 'Карапуз <shop@karapuz.example>' },
      captcha: { verifyUrl: `${captcha.origin}/siteverify`, secret: CAPTCHA_SECRET },
    }),
    shopUrl: SHOP_URL,
    outsideTimeoutMs: 300,
  });
});
afterEach(() => {
  sms.answer(() => OK);
  mail.answer(() => OK);
  captcha.answer(verdict);
  vi.restoreAllMocks();
});
afterAll(async () => {
  shop.db.close();
  await Promise.all([sms.close(), mail.close(), captcha.close()]);
});

const smsSchema = z.object({ phone: z.string(), text: z.string() });
const mailSchema = z.object({ from: z.string(), to: z.string(), subject: z.string(), text: z.string() });

/** The SMS the fake gateway was last sent for `phone`. */
function lastSms(phone: string): { request: Received; text: string; code: string } {
  const request = sms.received.filter((r) => smsSchema.parse(JSON.parse(r.body)).phone === phone).at(-1);
  if (!request) throw new Error('no SMS went to the phone');
  const { text } = smsSchema.parse(JSON.parse(request.body));
  return { request, text, code: /^(\d{6})/.exec(text)?.[1] ?? '' };
}

/** A registered shopper with a password, through the fake gateway and verifier; answers the session's token. */
async function registerHere(phone: string): Promise<string> {
  const client = shop.client({ address: freshAddress() });
  await registerByPhone(client, { phone, firstName: 'Марта', securityToken: GOOD_TOKEN });
  const confirmed = await confirmPhone(client, { phone, token: lastSms(phone).code });
  await setPasswordWithToken(client, { token: confirmed.token, password: 'marta-2026' });
  return confirmed.authorization.token;
}

const forgot = (phone: string, address = freshAddress()) =>
  shop.call('POST', '/public/auth/forgot-password', { phone, project: 'bbs' }, { 'x-forwarded-for': address });

describe('no sandbox', () => {
  it('the SMS and e-mail outboxes and the provider page are the service’s JSON 404', async () => {
    const paths: [string, string][] = [
      ['GET', `/sandbox/sms?phone=${DEMO_PHONE}`],
      ['GET', '/sandbox/email?to=demo%40example.com'],
      ['GET', '/sandbox/oauth/authorize?provider=google'],
      ['POST', '/sandbox/oauth/authorize'],
    ];
    for (const [method, path] of paths) {
      const answer = await shop.call(method, path);
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 404 });
    }
  });

  it('the dummy bot token is refused (1501): by the verifier, and without one by the service itself', async () => {
    const body = { phone: freshPhone(), firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN };
    const refused = await expectRefusal(
      registerByPhone(shop.client({ address: freshAddress() }), body),
      USER_ERROR.securityCheck,
      400,
    );
    expect(refused.message).toBe('Не пройдена проверка безопасности. Попробуйте обновить страницу');

    // A production with no bot check configured registers nobody (the launcher would not start it).
    const closed = createUserShop(undefined, 1, { outside: productionWorld() });
    await expectRefusal(
      registerByPhone(closed.client({ address: freshAddress() }), body),
      USER_ERROR.securityCheck,
      400,
    );
    expect((await closed.call('GET', `/sandbox/sms?phone=${body.phone}`)).status).toBe(404);
    closed.db.close();
    expect(sms.received.filter((r) => r.body.includes(body.phone))).toEqual([]);
  });
});

describe('a sandbox world with one adapter', () => {
  it('sends SMS through the configured gateway and keeps only the other sandboxes', async () => {
    const demo = createUserShop(undefined, 1, {
      outside: { ...SANDBOX_WORLD, sms: { url: `${sms.origin}/v1/sms`, token: SMS_TOKEN } },
    });
    const phone = freshPhone();
    // No bot check configured: the sandbox's dummy token still passes here.
    await registerByPhone(demo.client({ address: freshAddress() }), {
      phone,
      firstName: 'Зоя',
      securityToken: SANDBOX_SECURITY_TOKEN,
    });
    expect(lastSms(phone).text).toMatch(/^\d{6} — код подтверждения регистрации/);
    expect((await demo.call('GET', `/sandbox/sms?phone=${phone}`)).status).toBe(404);
    expect((await demo.call('GET', '/sandbox/email?to=zoia%40example.com')).status).toBe(200);
    expect((await demo.call('GET', '/sandbox/oauth/authorize?provider=google')).status).toBe(200);
    demo.db.close();
  });
});

describe('the bot check', () => {
  it('passes a registration only when the verifier says so; it is sent the secret, the token and the address', async () => {
    captcha.received.splice(0);
    const address = freshAddress();
    const phone = freshPhone();
    const client = shop.client({ address });
    await expectRefusal(
      registerByPhone(client, { phone, firstName: 'Марта', securityToken: 'a-forged-token' }),
      USER_ERROR.securityCheck,
      400,
    );
    expect(sms.received.filter((r) => r.body.includes(phone))).toEqual([]);
    expect(await registerByPhone(client, { phone, firstName: 'Марта', securityToken: GOOD_TOKEN })).toEqual({
      diff: 60,
    });
    expect(captcha.received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/siteverify'],
      ['POST', '/siteverify'],
    ]);
    expect(captcha.received.map(formOf)).toEqual([
      { secret: CAPTCHA_SECRET, response: 'a-forged-token', remoteip: address },
      { secret: CAPTCHA_SECRET, response: GOOD_TOKEN, remoteip: address },
    ]);
    expect(lastSms(phone).text).toMatch(/^\d{6} — код подтверждения регистрации/);
  });

  it('a verifier that fails, is too slow or answers no verdict fails the check (1501), sending nothing, until it answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const phone = freshPhone();
    const failures: FakeAnswer[] = [
      { status: 500, text: 'down' },
      { status: 200, text: 'not json' },
      { status: 200, json: {} },
      'hang',
    ];
    for (const answer of failures) {
      captcha.answer(() => answer);
      await expectRefusal(
        registerByPhone(shop.client({ address: freshAddress() }), {
          phone,
          firstName: 'Марта',
          securityToken: GOOD_TOKEN,
        }),
        USER_ERROR.securityCheck,
        400,
      );
    }
    expect(sms.received.filter((r) => r.body.includes(phone))).toEqual([]);
    // The same token passes once the verifier answers again.
    captcha.answer(verdict);
    const body = { phone, firstName: 'Марта', securityToken: GOOD_TOKEN };
    expect(await registerByPhone(shop.client({ address: freshAddress() }), body)).toEqual({ diff: 60 });
  });
});

describe('the SMS gateway', () => {
  it('takes a recovery code: POST with its bearer token and { phone, text }; no outbox has it', async () => {
    const client = shop.client({ address: freshAddress() });
    expect(await forgotPassword(client, DEMO_PHONE)).toEqual({ diff: 60 });
    const { request, text, code } = lastSms(DEMO_PHONE);
    expect([request.method, request.url]).toEqual(['POST', '/v1/sms']);
    expect(request.headers.authorization).toBe(`Bearer ${SMS_TOKEN}`);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(text).toMatch(/^\d{6} — код восстановления пароля в Карапуз\. Действует 10 мин\./);
    expect((await shop.call('GET', `/sandbox/sms?phone=${DEMO_PHONE}`)).status).toBe(404);
    // The code in the gateway's SMS is the one that works.
    expect((await confirmPhone(client, { phone: DEMO_PHONE, token: code })).authorization.profile.phone).toBe(
      DEMO_PHONE,
    );
  });

  it('down: a 503 with Retry-After, the unsent code dead, nothing counted, nothing secret logged', async () => {
    const phone = freshPhone();
    await registerHere(phone);
    shop.advance(61);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    sms.answer(() => ({ status: 500, text: 'gateway broken' }));
    const down = await forgot(phone);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    const message = 'Не удалось отправить SMS с кодом. Попробуйте ещё раз немного позже.';
    expect(await down.json()).toEqual({
      code: USER_ERROR.outsideUnavailable,
      message,
      fields: [{ field: 'phone', message }],
    });
    const unsent = lastSms(phone).code;
    await expectRefusal(confirmPhone(shop.client(), { phone, token: unsent }), USER_ERROR.wrongCode, 400);

    // Too slow is the same.
    sms.answer(() => 'hang');
    expect((await forgot(phone)).status).toBe(503);

    // Back again: the same phone gets its code at once (neither failure counted: no 1202).
    sms.answer(() => OK);
    expect(await (await forgot(phone)).json()).toEqual({ diff: 60 });
    const logged = JSON.stringify(log.mock.calls);
    expect(logged).toMatch(/SMS gateway answered 500/);
    for (const secret of [phone, unsent, SMS_TOKEN]) expect(logged).not.toContain(secret);
  });

  it('unreachable: a 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unreachable = createUserShop(undefined, 1, {
      outside: productionWorld({ sms: { url: `${await deadOrigin()}/v1/sms`, token: SMS_TOKEN } }),
    });
    const answer = await unreachable.call('POST', '/public/auth/forgot-password', {
      phone: DEMO_PHONE,
      project: 'bbs',
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    unreachable.db.close();
  });

  it('ten recovery codes for one phone at once: one reaches the gateway, the rest 1202', async () => {
    const phone = freshPhone();
    await registerHere(phone);
    shop.advance(61);
    const answers = await Promise.all(Array.from({ length: 10 }, () => forgot(phone)));
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, ...Array.from({ length: 9 }, () => 429)]);
    expect(sms.received.filter((r) => /восстановления/.test(r.body) && r.body.includes(phone))).toHaveLength(1);
  });
});

describe('the mailer', () => {
  it('takes a confirmation e-mail: POST with its bearer token and { from, to, subject, text }, the link absolute on SITE_URL', async () => {
    const token = await registerHere(freshPhone());
    const client = shop.client({ token });
    mail.received.splice(0);
    await requestEmail(client, 'Marta.Mail@Example.com', 'set');
    expect(mail.received).toHaveLength(1);
    const [request] = mail.received;
    expect([request?.method, request?.url]).toEqual(['POST', '/v1/mail']);
    expect(request?.headers.authorization).toBe(`Bearer ${MAIL_TOKEN}`);
    const sent = mailSchema.parse(JSON.parse(request?.body ?? ''));
    expect(sent).toMatchObject({
      from: 'Карапуз <shop@karapuz.example>',
      to: 'marta.mail@example.com',
      subject: 'Подтвердите e-mail в Карапуз',
    });
    const link = /(https:\/\/shop\.example\/email-confirm\/([\w-]{43}))\n/.exec(sent.text);
    expect(link?.[1]).toBeDefined();
    expect(await confirmEmail(shop.client(), link?.[2] ?? '')).toEqual({ email: 'marta.mail@example.com' });
    expect((await shop.call('GET', '/sandbox/email?to=marta.mail%40example.com')).status).toBe(404);
  });

  it('down: a 503, the address not pending and the e-mail limit not spent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = shop.client({ token: await registerHere(freshPhone()) });
    mail.answer(() => ({ status: 503, text: 'mailer busy' }));
    await expectRefusal(requestEmail(client, 'later@example.com', 'set'), USER_ERROR.outsideUnavailable, 503);
    expect((await getUser(client)).pendingEmail).toBeNull();
    mail.answer(() => OK);
    await requestEmail(client, 'later@example.com', 'set');
    expect((await getUser(client)).pendingEmail).toBe('later@example.com');
  });

  it('five requests of one shopper at once: one e-mail, the rest 1202', async () => {
    const client = shop.client({ token: await registerHere(freshPhone()) });
    mail.received.splice(0);
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => requestEmail(client, `burst-${i}@example.com`, 'set')),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(mail.received).toHaveLength(1);
  });

  it('a registration’s e-mail that the mailer does not take leaves the sign-in standing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const phone = freshPhone();
    const client = shop.client({ address: freshAddress() });
    await registerByPhone(client, {
      phone,
      firstName: 'Марта',
      email: 'new.one@example.com',
      securityToken: GOOD_TOKEN,
    });
    mail.answer(() => ({ status: 500 }));
    const confirmed = await confirmPhone(client, { phone, token: lastSms(phone).code });
    expect(confirmed.authorization.profile).toMatchObject({ phone, pendingEmail: 'new.one@example.com' });
  });
});
