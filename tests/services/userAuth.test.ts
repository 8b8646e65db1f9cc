import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP, SANDBOX_SECURITY_TOKEN, USER_ERROR } from '../../src/api/schemas/user.ts';
import {
  checkPhoneExists,
  confirmPhone,
  forgotPassword,
  getUser,
  login,
  readSandboxSms,
  refreshTokens,
  registerByPhone,
  setPasswordWithToken,
} from '../../src/api/user.ts';
import {
  createUserShop,
  DEMO_PASSWORD,
  DEMO_PHONE,
  expectRefusal,
  freshAddress,
  freshPhone,
  lastCode,
  registerShopper,
} from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * Registration, sign-in, recovery and tokens of the embedded user service (accounts spec §4 "Phone
 * registration", "Password recovery"; §7; §8 codes), through the contract's own client.
 */
let shop: UserShop;

beforeAll(() => {
  shop = createUserShop();
});
afterAll(() => shop.db.close());

describe('registration by phone', () => {
  it('sends a 6-digit code by SMS, confirms it (signed in + a password token), sets the password, signs in', async () => {
    const phone = freshPhone();
    const client = shop.client({ address: freshAddress() });
    expect(await checkPhoneExists(client, phone)).toEqual({ exists: false, hasPassword: false });

    const sent = await registerByPhone(client, {
      phone,
      firstName: 'Соломія',
      email: 'solomiia@example.com',
      securityToken: SANDBOX_SECURITY_TOKEN,
    });
    expect(sent).toEqual({ diff: 60 });
    const sms = await readSandboxSms(client, phone);
    expect(sms.items).toHaveLength(1);
    expect(sms.items[0]?.to).toBe(phone);
    expect(sms.items[0]?.text).toMatch(/^\d{6} — код подтверждения регистрации в Карапуз\. Действует 10 мин\./);

    // Not confirmed yet: no sign-in, and check-exist says no.
    await expectRefusal(login(client, { login: phone, password: 'whatever-1' }), USER_ERROR.phoneNotConfirmed, 400);
    expect((await checkPhoneExists(client, phone)).exists).toBe(false);

    const confirmed = await confirmPhone(client, { phone, token: await lastCode(client, phone) });
    expect(confirmed.authorization.profile).toMatchObject({
      phone,
      firstName: 'Соломія',
      email: '',
      pendingEmail: 'solomiia@example.com',
      hasPassword: false,
      bonusProgramMember: false,
    });
    const signedIn = shop.client({ token: confirmed.authorization.token });
    expect((await getUser(signedIn)).phone).toBe(phone);
    expect(await checkPhoneExists(client, phone)).toEqual({ exists: true, hasPassword: false });
    await expectRefusal(login(client, { login: phone, password: 'whatever-1' }), USER_ERROR.passwordNotSet, 400);

    await setPasswordWithToken(client, { token: confirmed.token, password: 'kvitka-2026' });
    expect(await checkPhoneExists(client, phone)).toEqual({ exists: true, hasPassword: true });
    // The password token is spent.
    await expectRefusal(
      setPasswordWithToken(client, { token: confirmed.token, password: 'another-pass' }),
      USER_ERROR.wrongCode,
      400,
    );

    const session = await login(client, { login: phone, password: 'kvitka-2026' });
    expect(session.profile.hasPassword).toBe(true);
    expect(session.token).not.toBe(confirmed.authorization.token);
    await expectRefusal(login(client, { login: phone, password: 'kvitka-2025' }), USER_ERROR.wrongCredentials, 400);
  });

  it('sends the SMS in Ukrainian when the registration is in Ukrainian', async () => {
    const phone = freshPhone();
    const client = shop.client({ address: freshAddress(), locale: 'uk' });
    await registerByPhone(client, { phone, firstName: 'Остап', securityToken: SANDBOX_SECURITY_TOKEN, language: 'uk' });
    const { items } = await readSandboxSms(client, phone);
    expect(items[0]?.text).toMatch(/^\d{6} — код підтвердження реєстрації у Карапуз\. Дійсний 10 хв\./);
  });

  it('refuses a registered phone (1101) and a wrong security token (1501), sending nothing', async () => {
    const client = shop.client({ address: freshAddress() });
    await expectRefusal(
      registerByPhone(client, { phone: DEMO_PHONE, firstName: 'Олена', securityToken: SANDBOX_SECURITY_TOKEN }),
      USER_ERROR.alreadyRegistered,
      400,
    );
    const phone = freshPhone();
    const refused = await expectRefusal(
      registerByPhone(client, { phone, firstName: 'Бот', securityToken: 'forged-token' }),
      USER_ERROR.securityCheck,
      400,
    );
    expect(refused.message).toBe('Не пройдена проверка безопасности. Попробуйте обновить страницу');
    expect(refused.fields).toEqual([{ field: 'securityToken', message: refused.message }]);
    expect((await readSandboxSms(client, phone)).items).toEqual([]);
    expect((await readSandboxSms(client, DEMO_PHONE)).items).toEqual([]);
  });

  it('refuses a past expected-birth date with the spec message', async () => {
    const client = shop.client({ address: freshAddress() });
    const refused = await expectRefusal(
      registerByPhone(client, {
        phone: freshPhone(),
        firstName: 'Ганна',
        pregnancyDueDate: '2026-03-09',
        securityToken: SANDBOX_SECURITY_TOKEN,
      }),
      400,
      400,
    );
    expect(refused.fields).toEqual([{ field: 'pregnancyDueDate', message: 'Дата повинна бути сьогодні або пізніше' }]);
  });
});

describe('one-time codes', () => {
  it('stops brute force: after 5 wrong codes even the right one is refused (1204) until a new code', async () => {
    const phone = freshPhone();
    const client = shop.client({ address: freshAddress() });
    await registerByPhone(client, { phone, firstName: 'Олег', securityToken: SANDBOX_SECURITY_TOKEN });
    const code = await lastCode(client, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < OTP.maxAttempts; i++) {
      await expectRefusal(confirmPhone(client, { phone, token: wrong }), USER_ERROR.wrongCode, 400);
    }
    const blocked = await expectRefusal(confirmPhone(client, { phone, token: code }), USER_ERROR.wrongCode, 400);
    expect(blocked.message).toMatch(/Превышено количество попыток/);

    shop.advance(61);
    await registerByPhone(client, { phone, firstName: 'Олег', securityToken: SANDBOX_SECURITY_TOKEN });
    const fresh = await lastCode(client, phone);
    // The old code is dead too: only the newest SMS works.
    if (fresh !== code) await expectRefusal(confirmPhone(client, { phone, token: code }), USER_ERROR.wrongCode, 400);
    const confirmed = await confirmPhone(client, { phone, token: fresh });
    expect(confirmed.authorization.profile.phone).toBe(phone);
    // Spent: the same code does not confirm twice.
    await expectRefusal(confirmPhone(client, { phone, token: fresh }), USER_ERROR.wrongCode, 400);
  });

  it('expires a code after 10 minutes', async () => {
    const phone = freshPhone();
    const client = shop.client({ address: freshAddress() });
    await registerByPhone(client, { phone, firstName: 'Яна', securityToken: SANDBOX_SECURITY_TOKEN });
    const code = await lastCode(client, phone);
    shop.advance(OTP.ttlSeconds + 1);
    await expectRefusal(confirmPhone(client, { phone, token: code }), USER_ERROR.wrongCode, 400);
  });

  it('keeps codes hashed: the table holds no 6-digit code', async () => {
    const phone = freshPhone();
    const client = shop.client({ address: freshAddress() });
    await registerByPhone(client, { phone, firstName: 'Ліна', securityToken: SANDBOX_SECURITY_TOKEN });
    const code = await lastCode(client, phone);
    const rows = shop.db.prepare('SELECT code_hash FROM otp_challenge WHERE phone = ?').all(phone);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});

describe('limits on sending codes', () => {
  it('one phone: another code within the minute is 1202 (429, Retry-After); the sixth in an hour is 1102', async () => {
    const phone = freshPhone();
    const body = { phone, firstName: 'Ліза', securityToken: SANDBOX_SECURITY_TOKEN };
    await registerByPhone(shop.client({ address: freshAddress() }), body);
    const again = await shop.call(
      'POST',
      '/public/register/phone',
      { ...body, project: 'bbs' },
      {
        'x-forwarded-for': freshAddress(),
      },
    );
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBe(60);
    expect(await again.json()).toMatchObject({ code: USER_ERROR.minuteLimit, fields: [{ field: 'phone' }] });

    for (let i = 0; i < 4; i++) {
      shop.advance(61);
      await registerByPhone(shop.client({ address: freshAddress() }), body);
    }
    shop.advance(61);
    const limited = await expectRefusal(
      registerByPhone(shop.client({ address: freshAddress() }), body),
      USER_ERROR.registrationLimit,
      429,
    );
    expect(limited.message).toBe('Превышен лимит попыток регистрации.');
    expect((await readSandboxSms(shop.client(), phone)).items).toHaveLength(5);
    shop.advance(3600);
    expect(await registerByPhone(shop.client({ address: freshAddress() }), body)).toEqual({ diff: 60 });
  });

  it('the address is the one the storefront names (clientIp), the last entry of X-Forwarded-For', async () => {
    const client = shop.client();
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      await registerByPhone(
        client,
        { phone: freshPhone(), firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN },
        { clientIp: address },
      );
    }
    const body = { phone: freshPhone(), firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN };
    await expectRefusal(registerByPhone(client, body, { clientIp: address }), USER_ERROR.requestLimit, 429);
    // Entries before the last are what a client claimed: they do not make another address.
    const forged = await shop.call(
      'POST',
      '/public/register/phone',
      { ...body, project: 'bbs' },
      {
        'x-forwarded-for': `10.9.8.7, ${address}`,
      },
    );
    expect(forged.status).toBe(429);
    expect(await registerByPhone(client, body, { clientIp: freshAddress() })).toEqual({ diff: 60 });
  });

  it('one address to many phones: the sixth code within a minute is 1203', async () => {
    const client = shop.client({ address: freshAddress() });
    for (let i = 0; i < 5; i++) {
      await registerByPhone(client, { phone: freshPhone(), firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN });
    }
    const phone = freshPhone();
    await expectRefusal(
      registerByPhone(client, { phone, firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN }),
      USER_ERROR.requestLimit,
      429,
    );
    expect((await readSandboxSms(client, phone)).items).toEqual([]);
  });

  it('USER_ADDRESS_LIMIT_FACTOR scales the per-address limits only: ten codes a minute at 2, never two to one phone', async () => {
    const scaled = createUserShop(undefined, 2);
    const client = scaled.client({ address: freshAddress() });
    const send = (phone: string) =>
      registerByPhone(client, { phone, firstName: 'Бот', securityToken: SANDBOX_SECURITY_TOKEN });
    const first = freshPhone();
    await send(first);
    // The phone's own limit is the default's: one code a minute.
    await expectRefusal(send(first), USER_ERROR.minuteLimit, 429);
    for (let i = 0; i < 9; i++) await send(freshPhone());
    await expectRefusal(send(freshPhone()), USER_ERROR.requestLimit, 429);
  });

  it('one address asking after many phones: the eleventh lookup within a minute is 1203', async () => {
    const client = shop.client({ address: freshAddress() });
    for (let i = 0; i < 10; i++) expect((await checkPhoneExists(client, freshPhone())).exists).toBe(false);
    await expectRefusal(checkPhoneExists(client, DEMO_PHONE), USER_ERROR.requestLimit, 429);
    await expectRefusal(forgotPassword(client, DEMO_PHONE), USER_ERROR.requestLimit, 429);
    shop.advance(61);
    expect(await checkPhoneExists(client, DEMO_PHONE)).toEqual({ exists: true, hasPassword: true });
  });

  it('a recovery code: the hourly limit is 1201', async () => {
    const phone = (await registerShopper(shop, freshPhone())).profile.phone;
    for (let i = 0; i < 4; i++) {
      shop.advance(61);
      await forgotPassword(shop.client({ address: freshAddress() }), phone);
    }
    shop.advance(61);
    await expectRefusal(forgotPassword(shop.client({ address: freshAddress() }), phone), USER_ERROR.hourlyLimit, 429);
  });
});

describe('sign-in and recovery', () => {
  it('signs the demo shoppers in with the seeded password', async () => {
    const session = await login(shop.client(), { login: DEMO_PHONE, password: DEMO_PASSWORD });
    expect(session.profile).toMatchObject({ phone: DEMO_PHONE, firstName: 'Олена', bonusProgramMember: true });
    const other = await login(shop.client(), { login: '380672223344', password: DEMO_PASSWORD });
    expect(other.profile).toMatchObject({ firstName: 'Андрій', bonusProgramMember: false, hasPassword: true });
  });

  it('recovers a forgotten password: code by SMS, confirm, new password; the old one and old sessions stop', async () => {
    const phone = freshPhone();
    const first = await registerShopper(shop, phone, { password: 'old-password' });
    const client = shop.client({ address: freshAddress() });
    await expectRefusal(forgotPassword(client, freshPhone()), USER_ERROR.notRegistered, 400);

    shop.advance(61);
    expect(await forgotPassword(client, phone)).toEqual({ diff: 60 });
    const { items } = await readSandboxSms(client, phone);
    expect(items[0]?.text).toMatch(/код восстановления пароля/);
    const confirmed = await confirmPhone(client, { phone, token: await lastCode(client, phone) });
    await setPasswordWithToken(client, { token: confirmed.token, password: 'new-password' });

    await expectRefusal(login(client, { login: phone, password: 'old-password' }), USER_ERROR.wrongCredentials, 400);
    expect((await login(client, { login: phone, password: 'new-password' })).profile.phone).toBe(phone);
    // The sign-in made before the recovery is over; the recovery's own one goes on.
    await expectRefusal(getUser(shop.client({ token: first.token })), USER_ERROR.unauthorized, 401);
    await expectRefusal(refreshTokens(client, first.refresh_token), USER_ERROR.unauthorized, 401);
    expect((await getUser(shop.client({ token: confirmed.authorization.token }))).phone).toBe(phone);
  });

  it('limits wrong passwords per phone (1201 after ten within the hour)', async () => {
    const phone = freshPhone();
    await registerShopper(shop, phone, { password: 'right-password' });
    for (let i = 0; i < 10; i++) {
      await expectRefusal(
        login(shop.client({ address: freshAddress() }), { login: phone, password: `wrong-${i}` }),
        USER_ERROR.wrongCredentials,
        400,
      );
    }
    await expectRefusal(
      login(shop.client({ address: freshAddress() }), { login: phone, password: 'right-password' }),
      USER_ERROR.hourlyLimit,
      429,
    );
  });
});

describe('tokens', () => {
  it('rotates refresh tokens; a reused one revokes the whole family', async () => {
    const client = shop.client();
    const first = await login(client, { login: DEMO_PHONE, password: DEMO_PASSWORD });
    const second = await refreshTokens(client, first.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await getUser(shop.client({ token: second.token }))).phone).toBe(DEMO_PHONE);
    const third = await refreshTokens(client, second.refresh_token);

    // The first refresh token, already replaced, comes back: someone copied it.
    await expectRefusal(refreshTokens(client, first.refresh_token), USER_ERROR.unauthorized, 401);
    // Every token of the family is dead now, the newest included.
    await expectRefusal(refreshTokens(client, third.refresh_token), USER_ERROR.unauthorized, 401);
    await expectRefusal(getUser(shop.client({ token: third.token })), USER_ERROR.unauthorized, 401);
    // Another sign-in of the same shopper is another family and lives on.
    const other = await login(client, { login: DEMO_PHONE, password: DEMO_PASSWORD });
    expect((await getUser(shop.client({ token: other.token }))).phone).toBe(DEMO_PHONE);
  });

  it('expires the access token after its TTL; the refresh token still gives a new one', async () => {
    const client = shop.client();
    const session = await login(client, { login: DEMO_PHONE, password: DEMO_PASSWORD });
    shop.advance(15 * 60 + 1);
    await expectRefusal(getUser(shop.client({ token: session.token })), USER_ERROR.unauthorized, 401);
    const fresh = await refreshTokens(client, session.refresh_token);
    expect((await getUser(shop.client({ token: fresh.token }))).phone).toBe(DEMO_PHONE);
  });

  it('refuses an unknown refresh token with 401', async () => {
    await expectRefusal(refreshTokens(shop.client(), 'x'.repeat(43)), USER_ERROR.unauthorized, 401);
  });
});
