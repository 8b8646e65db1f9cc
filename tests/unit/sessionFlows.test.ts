import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { codeSentAnswerSchema, sessionAnswerSchema, socialPendingSchema } from '../../src/api/schemas/session.ts';
import type { RefreshGate } from '../../src/api/http.ts';
import type { Endpoint } from '../../src/server/endpoints/defineEndpoint.ts';
import { confirmEmailLink } from '../../src/server/session/emailConfirmation.ts';
import { createRecentRefreshes } from '../../src/server/session/recentRefreshes.ts';
import {
  forgotConfirmFlow,
  forgotFlow,
  registerConfirmFlow,
  registerFlow,
  registerSocialFlow,
} from '../../src/server/session/registrationFlows.ts';
import { loginFlow, logoutFlow, meFlow, passwordFlow } from '../../src/server/session/sessionFlows.ts';
import { shopperClient } from '../../src/server/session/shopperClient.ts';
import { readShopperTokens } from '../../src/server/session/shopperTokens.ts';
import {
  safeReturnPath,
  socialCallbackFlow,
  socialPendingFlow,
  socialStartFlow,
} from '../../src/server/session/socialFlows.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { CODE, FakeCookies, FakeSession, FakeUserService, PASSWORD, PHONE, authRequest } from './support/authFakes.ts';

const post = (
  service: FakeUserService,
  session: FakeSession,
  path: string,
  body: unknown,
  extra: Parameters<typeof authRequest>[2] = {},
) => authRequest(service, session, { method: 'POST', path, body, ...extra });

async function answer(response: Response): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    text,
    headers: response.headers,
  };
}

/** The Cookie header a browser sends back to the social callback: the state cookie the start set. */
function stateCookie(started: { cookies: FakeCookies }): Record<string, string> {
  return { Cookie: `shop_social_signin=${started.cookies.set_.get('shop_social_signin')?.value ?? ''}` };
}

async function signedIn(service: FakeUserService, session = new FakeSession()): Promise<FakeSession> {
  const response = await loginFlow.run(post(service, session, '/api/auth/login', { login: PHONE, password: PASSWORD }));
  expect(response.status).toBe(200);
  return session;
}

describe('POST /api/auth/login', () => {
  it('signs in: the tokens go into the session under a new id, the answer and the hint carry none', async () => {
    const service = new FakeUserService();
    const session = new FakeSession('planted-id');
    const ctx = post(service, session, '/api/auth/login', { login: '+38 (067) 123-45-67', password: PASSWORD });
    const { status, body, text, headers } = await answer(await loginFlow.run(ctx));
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toBe('no-store');
    const parsed = sessionAnswerSchema.parse(body);
    expect(parsed.session).toMatchObject({ signedIn: true, shopper: { id: 7, firstName: 'Олена' } });
    expect(text).not.toContain(service.access);
    expect(text).not.toContain(service.refresh);
    expect(session.id).not.toBe('planted-id');
    expect(await readShopperTokens({ session })).toEqual({
      token: service.access,
      refreshToken: service.refresh,
      customerId: 7,
    });
    const hint = ctx.cookies.set_.get('bbs_customer');
    // A random tag per sign-in (pages compare it with the last one they looked at): never the id or a token.
    expect(hint?.value).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(hint?.value).not.toContain(service.access.slice(0, 8));
    expect(hint?.options).toMatchObject({ httpOnly: false, sameSite: 'lax', secure: true, path: '/' });
  });

  it.each([
    ['ru', 'Неверный номер телефона или пароль.'],
    ['uk', 'Невірний номер телефону або пароль.'],
  ] as const)('refuses a wrong password (1104) on the first field, in %s', async (locale, message) => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const ctx = post(service, session, '/api/auth/login', { login: PHONE, password: 'wrong-1' }, { locale });
    const { status, body } = await answer(await loginFlow.run(ctx));
    expect(status).toBe(400);
    expect(endpointRefusalSchema.parse(body)).toEqual({ code: 1104, message, fields: [{ field: 'login', message }] });
    expect(session.writes).toBe(0);
  });

  it.each([
    [{ login: '067', password: PASSWORD }, 'login', 'Номер слишком короткий: после +380 нужно 9 цифр'],
    [{ login: PHONE, password: '123' }, 'password', 'Минимум 6 символов'],
    [{ login: PHONE, password: '' }, 'password', 'Поле обязательно для заполнения'],
    // A body the modal never sends: named on its field, never the "authorization error".
    [{ login: PHONE }, 'password', 'Проверьте это поле'],
  ])('checks the form before asking the service: %j', async (body, field, message) => {
    const service = new FakeUserService();
    const { status, body: refusal } = await answer(
      await loginFlow.run(post(service, new FakeSession(), '/api/auth/login', body)),
    );
    expect(status).toBe(400);
    expect(endpointRefusalSchema.parse(refusal).fields[0]).toEqual({ field, message });
    expect(service.network.sent).toHaveLength(0);
  });

  it('answers 503 when the user service is down, and signs nobody in', async () => {
    const service = new FakeUserService();
    service.down = true;
    const session = new FakeSession();
    const { status, body } = await answer(
      await loginFlow.run(post(service, session, '/api/auth/login', { login: PHONE, password: PASSWORD })),
    );
    expect(status).toBe(503);
    expect(endpointRefusalSchema.parse(body)).toEqual({
      code: 503,
      message: 'Сервис авторизации временно недоступен. Попробуйте через минуту.',
      fields: [],
    });
    expect(session.writes).toBe(0);
  });
});

describe('GET /api/auth/me', () => {
  it('is signed out without a session, writes nothing, and drops a stale hint', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const cookies = new FakeCookies(['bbs_customer']);
    const { body } = await answer(await meFlow.run(authRequest(service, session, { cookies })));
    expect(sessionAnswerSchema.parse(body).session).toEqual({ signedIn: false });
    expect(session.writes).toBe(0);
    expect(cookies.deleted.has('bbs_customer')).toBe(true);
  });

  it('shows the signed-in shopper and nothing of the tokens', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    const { body, text } = await answer(await meFlow.run(authRequest(service, session)));
    expect(sessionAnswerSchema.parse(body).session).toMatchObject({ signedIn: true, shopper: { phone: PHONE } });
    expect(text).not.toMatch(/token/i);
  });

  it('refreshes an expired access token once and keeps the rotated pair', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    service.rotate(); // the access token the session holds is now stale; its refresh token too
    const stored = await readShopperTokens({ session });
    service.refresh = stored?.refreshToken ?? ''; // …but the refresh token is still the live one
    const { body } = await answer(await meFlow.run(authRequest(service, session)));
    expect(sessionAnswerSchema.parse(body).session.signedIn).toBe(true);
    expect(service.refreshCalls).toBe(1);
    expect(await readShopperTokens({ session })).toMatchObject({
      token: service.access,
      refreshToken: service.refresh,
    });
  });

  it('signs out when the refresh fails (spec §8): tokens and hint removed', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    service.rotate(); // both stored tokens are dead now
    const cookies = new FakeCookies(['bbs_customer']);
    const { body } = await answer(await meFlow.run(authRequest(service, session, { cookies })));
    expect(sessionAnswerSchema.parse(body).session).toEqual({ signedIn: false });
    expect(await readShopperTokens({ session })).toBeNull();
    expect(cookies.deleted.has('bbs_customer')).toBe(true);
  });

  it("refreshes once for parallel requests of one session (the session's single-flight gate)", async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    const stored = await readShopperTokens({ session });
    service.rotate();
    service.refresh = stored?.refreshToken ?? '';
    service.refreshDelayMs = 30;
    const gates = new Map<string, RefreshGate>();
    const answers = await Promise.all([1, 2, 3].map(() => meFlow.run(authRequest(service, session, { gates }))));
    for (const response of answers)
      expect(sessionAnswerSchema.parse(await response.json()).session.signedIn).toBe(true);
    expect(service.refreshCalls).toBe(1);
  });

  it('uses a pair another request refreshed after this one read the session', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    const refreshes = createRecentRefreshes();
    const stale = authRequest(service, session);
    const client = await shopperClient(stale, refreshes);
    // Meanwhile another request of the session refreshed (its gate's throttle now holds for 5 s).
    const fresh = service.rotate();
    refreshes.record(session.id ?? '', { token: fresh.token, refreshToken: fresh.refresh_token });
    const { getUser } = await import('../../src/api/user.ts');
    await expect(getUser(client?.api ?? stale.clients.anonymous)).resolves.toMatchObject({ id: 7 });
    expect(service.refreshCalls).toBe(0);
  });

  it('keeps the shopper signed in through a user-service outage (503, no sign-out)', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    service.down = true;
    expect((await meFlow.run(authRequest(service, session))).status).toBe(503);
    expect(await readShopperTokens({ session })).not.toBeNull();
  });
});

describe('registration, recovery and the password step', () => {
  const registration = {
    phone: PHONE,
    firstName: 'Олена',
    pregnancyDueDate: null,
    securityToken: 'tok',
    club: false,
    checkout: false,
  };

  it('sends the code and answers the resend timer', async () => {
    const service = new FakeUserService();
    const { body } = await answer(
      await registerFlow.run(post(service, new FakeSession(), '/api/auth/register', registration)),
    );
    expect(codeSentAnswerSchema.parse(body)).toEqual({ diff: 60 });
    expect(JSON.parse(service.network.sent[0]?.body ?? '{}')).toMatchObject({
      phone: PHONE,
      project: 'bbs',
      language: 'ru',
    });
    // The service limits codes per client address: it is told the shopper's, not the shop's.
    expect(service.network.sent[0]?.headers.get('x-forwarded-for')).toBe('203.0.113.7');
  });

  it.each([
    [
      { ...registration, phone: '380670000429' },
      429,
      { code: 1102, field: 'phone', message: 'Превышен лимит попыток регистрации.' },
    ],
    [
      { ...registration, securityToken: 'bad' },
      400,
      {
        code: 1501,
        field: 'securityToken',
        message: 'Не пройдена проверка безопасности. Попробуйте обновить страницу',
      },
    ],
    [
      { ...registration, securityToken: '' },
      400,
      { field: 'securityToken', message: 'Не пройдена проверка безопасности. Попробуйте обновить страницу' },
    ],
    [{ ...registration, firstName: ' ' }, 400, { field: 'firstName', message: 'Поле обязательно для заполнения' }],
  ])('refuses %j', async (body, status, refusal) => {
    const service = new FakeUserService();
    const response = await answer(await registerFlow.run(post(service, new FakeSession(), '/api/auth/register', body)));
    expect(response.status).toBe(status);
    const { field, ...rest } = refusal;
    const envelope = endpointRefusalSchema.parse(response.body);
    expect(envelope).toMatchObject(rest);
    expect(envelope.fields).toEqual([{ field, message: refusal.message }]);
  });

  it('the code signs the shopper in; the password step then sets the password once', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const confirmed = await answer(
      await registerConfirmFlow.run(post(service, session, '/api/auth/register/confirm', { phone: PHONE, code: CODE })),
    );
    expect(sessionAnswerSchema.parse(confirmed.body).session).toMatchObject({
      signedIn: true,
      shopper: { hasPassword: false },
    });
    expect(confirmed.text).not.toContain(service.passwordToken);
    const set = await answer(
      await passwordFlow.run(post(service, session, '/api/auth/password', { password: 'new-pass-1' })),
    );
    expect(set.status).toBe(200);
    expect(service.passwordSet).toBe('new-pass-1');
    const again = await answer(
      await passwordFlow.run(post(service, session, '/api/auth/password', { password: 'new-pass-2' })),
    );
    expect(again.status).toBe(400);
    expect(endpointRefusalSchema.parse(again.body)).toMatchObject({
      message: 'Сначала подтвердите номер телефона кодом из SMS.',
      fields: [],
    });
  });

  it('refuses a wrong code (1204) on the code field', async () => {
    const service = new FakeUserService();
    const { status, body } = await answer(
      await registerConfirmFlow.run(
        post(service, new FakeSession(), '/api/auth/register/confirm', { phone: PHONE, code: '000000' }),
      ),
    );
    expect(status).toBe(400);
    expect(endpointRefusalSchema.parse(body)).toEqual({
      code: 1204,
      message: 'Неверный код подтверждения.',
      fields: [{ field: 'code', message: 'Неверный код подтверждения.' }],
    });
  });

  it('recovery: a code by SMS (1103 for an unknown phone), then signed in for the new password', async () => {
    const service = new FakeUserService();
    expect(
      codeSentAnswerSchema.parse(
        await (await forgotFlow.run(post(service, new FakeSession(), '/api/auth/forgot', { phone: PHONE }))).json(),
      ),
    ).toEqual({ diff: 60 });
    const unknown = await answer(
      await forgotFlow.run(
        post(service, new FakeSession(), '/api/auth/forgot', { phone: '380670000000' }, { locale: 'uk' }),
      ),
    );
    expect(endpointRefusalSchema.parse(unknown.body)).toEqual({
      code: 1103,
      message: 'Користувач з таким номером не зареєстрований.',
      fields: [{ field: 'phone', message: 'Користувач з таким номером не зареєстрований.' }],
    });
    const session = new FakeSession();
    const confirmed = await forgotConfirmFlow.run(
      post(service, session, '/api/auth/forgot/confirm', { phone: PHONE, code: CODE }),
    );
    expect(sessionAnswerSchema.parse(await confirmed.json()).session).toMatchObject({
      signedIn: true,
      bonusGranted: false,
    });
  });

  it('logout removes the tokens and the hint', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    const ctx = post(service, session, '/api/auth/logout', undefined, { cookies: new FakeCookies(['bbs_customer']) });
    expect(sessionAnswerSchema.parse(await (await logoutFlow.run(ctx)).json()).session).toEqual({ signedIn: false });
    expect(await readShopperTokens({ session })).toBeNull();
    expect(ctx.cookies.deleted.has('bbs_customer')).toBe(true);
  });
});

describe('social sign-in', () => {
  it('goes to the provider with a state, comes back with #social and the data to prefill; finishing uses it', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const started = authRequest(service, session, { path: '/api/auth/social/google?returnTo=/ua/basket' });
    const start = await socialStartFlow.run(started, { provider: 'google' });
    expect(start.status).toBe(302);
    const target = new URL(start.headers.get('Location') ?? '', 'http://shop.test');
    expect(target.pathname).toBe('/svc/user/sandbox/oauth/google');
    const state = target.searchParams.get('state') ?? '';
    expect(target.searchParams.get('redirect_uri')).toBe('http://shop.test/api/auth/social/callback?provider=google');
    const back = await socialCallbackFlow.run(
      authRequest(service, session, {
        path: `/api/auth/social/callback?provider=google&code=new&state=${state}`,
        headers: stateCookie(started),
      }),
    );
    expect(back.headers.get('Location')).toBe('/ua/basket#social');
    const pending = socialPendingSchema.parse(
      await (await socialPendingFlow.run(authRequest(service, session))).json(),
    );
    expect(pending.pending).toEqual({ provider: 'google', name: 'Нова', email: 'new@example.com' });
    const sent = await registerSocialFlow.run(
      post(service, session, '/api/auth/register/social', {
        phone: PHONE,
        firstName: 'Нова',
        email: 'new@example.com',
      }),
    );
    expect(codeSentAnswerSchema.parse(await sent.json())).toEqual({ diff: 60 });
    expect(JSON.parse(service.network.sent.at(-1)?.body ?? '{}')).toMatchObject({
      oauthId: 'g-42',
      provider: 'google',
    });
  });

  it('signs a known shopper in at the callback (200)', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const started = authRequest(service, session, { path: '/api/auth/social/google' });
    const start = await socialStartFlow.run(started, { provider: 'google' });
    const state = new URL(start.headers.get('Location') ?? '', 'http://shop.test').searchParams.get('state') ?? '';
    const back = await socialCallbackFlow.run(
      authRequest(service, session, {
        path: `/api/auth/social/callback?provider=google&code=known&state=${state}`,
        headers: stateCookie(started),
      }),
    );
    expect(back.headers.get('Location')).toBe('/');
    expect(await readShopperTokens({ session })).not.toBeNull();
  });

  it('refuses a callback whose state is not the one it started with (no login CSRF), and a state used twice', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const started = authRequest(service, session, { path: '/api/auth/social/google?returnTo=/basket' });
    const start = await socialStartFlow.run(started, { provider: 'google' });
    const state = new URL(start.headers.get('Location') ?? '', 'http://shop.test').searchParams.get('state') ?? '';
    const forgedCtx = authRequest(service, session, {
      path: '/api/auth/social/callback?provider=google&code=known&state=forged',
      headers: stateCookie(started),
    });
    const forged = await socialCallbackFlow.run(forgedCtx);
    expect(forged.headers.get('Location')).toBe('/basket#login');
    // The forged try spent the state: the callback cleared the browser's cookie, so the replay has none.
    expect(forgedCtx.cookies.deleted.has('shop_social_signin')).toBe(true);
    const replay = await socialCallbackFlow.run(
      authRequest(service, session, { path: `/api/auth/social/callback?provider=google&code=known&state=${state}` }),
    );
    expect(replay.headers.get('Location')).toBe('/#login');
    expect(await readShopperTokens({ session })).toBeNull();
  });

  it('explains a phone that already has an account (1105) as a notification', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    session.set('shopperSocialPending', { email: '', name: 'Нова', oauthId: 'g-42', provider: 'google' });
    const { body } = await answer(
      await registerSocialFlow.run(
        post(service, session, '/api/auth/register/social', { phone: '380670001105', firstName: 'Нова', email: '' }),
      ),
    );
    // Spec §8: a notification, on no field.
    expect(endpointRefusalSchema.parse(body)).toMatchObject({ code: 1105, fields: [] });
    expect(endpointRefusalSchema.parse(body).message).toMatch(/^Мы нашли пользователя с таким телефоном/);
  });

  it.each([
    ['/basket', '/basket'],
    ['/ua/product/x?y=1#frag', '/ua/product/x?y=1'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    [null, '/'],
  ])('returns only to a path of the shop: %s → %s', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });
});

describe('every endpoint, any body', () => {
  const flows: Array<[string, Endpoint]> = [
    ['/api/auth/login', loginFlow],
    ['/api/auth/register', registerFlow],
    ['/api/auth/register/social', registerSocialFlow],
    ['/api/auth/register/confirm', registerConfirmFlow],
    ['/api/auth/forgot', forgotFlow],
    ['/api/auth/forgot/confirm', forgotConfirmFlow],
    ['/api/auth/password', passwordFlow],
    ['/api/auth/logout', logoutFlow],
  ];

  it('answers a success or a refusal of the contract, never a 5xx', async () => {
    const service = new FakeUserService();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...flows),
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ login: v, phone: v, password: v, code: v })),
        ),
        async ([path, flow], rawBody) => {
          const response = await flow.run(authRequest(service, new FakeSession(), { method: 'POST', path, rawBody }));
          expect(response.status).toBeLessThan(500);
          expect(response.headers.get('Cache-Control')).toBe('no-store');
          if (!response.ok) endpointRefusalSchema.parse(await response.json());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('/email-confirm/{token}', () => {
  it.each([
    ['good-token', 'confirmed', 'Вы успешно подтвердили email', 200],
    ['gone-token', 'unknownToken', 'Токен на найден, либо его время жизни истекло', 404],
    ['not a token!', 'unknownToken', 'Токен на найден, либо его время жизни истекло', 404],
  ])('%s → %s', async (token, outcome, message, status) => {
    const service = new FakeUserService();
    const { clients } = authRequest(service, new FakeSession());
    await expect(confirmEmailLink(clients.anonymous, token, createT('ru'))).resolves.toEqual({
      outcome,
      message,
      status,
    });
  });

  it('says the spec’s general failure when the service is down', async () => {
    const service = new FakeUserService();
    service.down = true;
    const { clients } = authRequest(service, new FakeSession());
    await expect(confirmEmailLink(clients.anonymous, 'good-token', createT('uk'))).resolves.toEqual({
      outcome: 'failed',
      message: 'Помилка підтвердження email',
      status: 503,
    });
  });
});
