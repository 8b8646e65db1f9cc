import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeSentAnswerSchema, socialPendingSchema } from '../../src/api/schemas/session.ts';
import { registerSocialFlow } from '../../src/server/session/registrationFlows.ts';
import { readShopperTokens } from '../../src/server/session/shopperTokens.ts';
import { socialCallbackFlow, socialPendingFlow, socialStartFlow } from '../../src/server/session/socialFlows.ts';
import {
  signSocialState,
  SOCIAL_STATE_TTL_S,
  useSocialStateSecret,
  verifySocialState,
} from '../../src/server/session/socialStateCookie.ts';
import { FakeSession, FakeUserService, PHONE, authRequest } from './support/authFakes.ts';

/**
 * A social sign-in under way lives in a signed cookie, not in the session (issue 23): starting one
 * stores nothing, and the callback goes on only with this browser's cookie, unchanged, unexpired,
 * for this `state` and this purpose, once.
 */

const COOKIE = 'shop_social_signin';

/** Starts a sign-in; the provider's `state` and the Cookie header the browser sends back to the callback. */
async function start(service: FakeUserService, session: FakeSession, returnTo = '/ua/basket') {
  const ctx = authRequest(service, session, { path: `/api/auth/social/google?returnTo=${returnTo}` });
  const answer = await socialStartFlow.run(ctx, { provider: 'google' });
  expect(answer.status).toBe(302);
  const target = new URL(answer.headers.get('Location') ?? '', 'http://shop.test');
  const set = ctx.cookies.set_.get(COOKIE);
  if (!set) throw new Error('no state cookie');
  return { state: target.searchParams.get('state') ?? '', cookie: set.value, options: set.options };
}

function callback(service: FakeUserService, session: FakeSession, query: string, cookie: string | null) {
  return authRequest(service, session, {
    path: `/api/auth/social/callback?${query}`,
    headers: cookie === null ? {} : { Cookie: `other=1; ${COOKIE}=${cookie}` },
  });
}

describe('starting a social sign-in', () => {
  it('stores nothing in the session: the state goes to a short-lived, signed, HttpOnly cookie for the callback alone', async () => {
    const session = new FakeSession();
    const { state, cookie, options } = await start(new FakeUserService(), session);
    expect(session.writes).toBe(0);
    expect(session.sessionID).toBeUndefined();
    expect(state).toMatch(/^[0-9a-f-]{36}$/);
    expect(options).toEqual({
      path: '/api/auth/social/callback',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      maxAge: SOCIAL_STATE_TTL_S,
    });
    expect(SOCIAL_STATE_TTL_S).toBe(600);
    expect(verifySocialState('signIn', cookie)).toEqual({ state, provider: 'google', returnTo: '/ua/basket' });
  });
});

describe('the social callback', () => {
  it('with the cookie signs a known shopper in (200) and clears the cookie', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const { state, cookie } = await start(service, session, '/');
    const ctx = callback(service, session, `provider=google&code=known&state=${state}`, cookie);
    const back = await socialCallbackFlow.run(ctx);
    expect(back.headers.get('Location')).toBe('/');
    expect(await readShopperTokens({ session })).not.toBeNull();
    expect(ctx.cookies.deleted.has(COOKIE)).toBe(true);
  });

  it('comes back with #social (206) and keeps what the provider told only now; finishing uses it', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const { state, cookie } = await start(service, session);
    const back = await socialCallbackFlow.run(
      callback(service, session, `provider=google&code=new&state=${state}`, cookie),
    );
    expect(back.headers.get('Location')).toBe('/ua/basket#social');
    const pending = socialPendingSchema.parse(
      await (await socialPendingFlow.run(authRequest(service, session))).json(),
    );
    expect(pending.pending).toEqual({ provider: 'google', name: 'Нова', email: 'new@example.com' });
    const sent = await registerSocialFlow.run(
      authRequest(service, session, {
        method: 'POST',
        path: '/api/auth/register/social',
        body: { phone: PHONE, firstName: 'Нова', email: 'new@example.com' },
      }),
    );
    expect(codeSentAnswerSchema.parse(await sent.json())).toEqual({ diff: 60 });
  });

  it('refuses a browser without the cookie (login CSRF), another state, a changed, foreign or expired cookie', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    const { state, cookie } = await start(service, session, '/basket');
    const query = `provider=google&code=known&state=${state}`;
    const refusedTo = async (value: string | null, location: string, q = query) => {
      const ctx = callback(service, session, q, value);
      expect((await socialCallbackFlow.run(ctx)).headers.get('Location')).toBe(location);
      // A cookie that came is spent either way.
      expect(ctx.cookies.deleted.has(COOKIE)).toBe(value !== null);
    };
    await refusedTo(null, '/#login');
    await refusedTo(cookie, '/basket#login', `provider=google&code=known&state=forged`);
    const [version, body = '', mac] = cookie.split('.');
    const payload = z.record(z.string(), z.unknown()).parse(JSON.parse(Buffer.from(body, 'base64url').toString()));
    const changed = Buffer.from(JSON.stringify({ ...payload, returnTo: '//evil.example' })).toString('base64url');
    await refusedTo(`${version ?? ''}.${changed}.${mac ?? ''}`, '/#login');
    await refusedTo(`${version ?? ''}.${body}.${'A'.repeat(43)}`, '/#login');
    const eleven = Date.now() - 11 * 60 * 1000;
    await refusedTo(signSocialState('signIn', { state, provider: 'google', returnTo: '/basket' }, eleven), '/#login');
    // Made for connecting a provider on the profile: not a sign-in's.
    await refusedTo(signSocialState('connect', { state, provider: 'google', returnTo: '/basket' }), '/#login');
    useSocialStateSecret('another shop’s secret');
    const foreign = signSocialState('signIn', { state, provider: 'google', returnTo: '/basket' });
    useSocialStateSecret('this shop’s secret');
    await refusedTo(foreign, '/#login');
    expect(await readShopperTokens({ session })).toBeNull();
    expect(session.writes).toBe(0);
    expect(service.network.sent.filter((sent) => sent.url.pathname === '/public/oauth/code')).toHaveLength(0);
  });
});

describe('the signed state', () => {
  it('reads back what was signed, for its purpose, until it expires', () => {
    useSocialStateSecret('secret-1');
    const now = Date.UTC(2026, 0, 1);
    const value = signSocialState(
      'connect',
      { state: 's', provider: 'facebook', returnTo: '/profile', customerId: 7 },
      now,
    );
    expect(verifySocialState('connect', value, now + 599_000)).toEqual({
      state: 's',
      provider: 'facebook',
      returnTo: '/profile',
      customerId: 7,
    });
    expect(verifySocialState('connect', value, now + 600_000)).toBeNull();
    expect(verifySocialState('signIn', value, now)).toBeNull();
    expect(verifySocialState('connect', `${value}.x`, now)).toBeNull();
    expect(verifySocialState('connect', value.replace(/^v1/, 'v2'), now)).toBeNull();
    expect(verifySocialState('connect', 'v1.e30.', now)).toBeNull();
    useSocialStateSecret('secret-2');
    expect(verifySocialState('connect', value, now)).toBeNull();
  });
});
