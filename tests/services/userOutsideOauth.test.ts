import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_PATHS } from '../../src/api/schemas/account.ts';
import { AUTH_PATHS } from '../../src/api/schemas/session.ts';
import { USER_ERROR } from '../../src/api/schemas/user.ts';
import type { OauthProvider } from '../../src/api/schemas/user.ts';
import {
  confirmPhone,
  connectSocial,
  getUser,
  getUserConfig,
  registerByPhoneOauth,
  socialSignIn,
} from '../../src/api/user.ts';
import { openServiceDatabase } from '../../src/services/db/serviceDatabases.ts';
import { SANDBOX_WORLD } from '../../src/services/outside/outsideWorld.ts';
import type { OauthProviderConfig, OutsideWorld } from '../../src/services/outside/outsideWorld.ts';
import { sandboxKnownOauthId } from '../../src/services/user/sandbox/oauthProvider.ts';
import { createUserApp } from '../../src/services/user/userApp.ts';
import { formOf, OK, productionWorld, startFake } from './fakeOutside.ts';
import type { FakeAnswer, FakeServer, Received } from './fakeOutside.ts';
import { createUserShop, DEMO_PHONE, expectRefusal, freshAddress, freshPhone } from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * Social sign-in with real providers (OAuth 2.0 authorization code), here a fake provider on
 * 127.0.0.1 that checks what a real one checks (client, secret, grant, redirect_uri): the config's
 * links, the code exchange, 200 for a linked account and 206 for a new person, and the sandbox
 * provider only for an offered provider without a client, only where sandboxes are allowed.
 */

const SHOP_URL = 'https://shop.example';

let provider: FakeServer;
let sms: FakeServer;
let mail: FakeServer;
let shop: UserShop;

/**
 * The callbacks the storefront sends the browser to, built as src/server/session/socialFlows.ts
 * (sign-in) and src/server/account/socialLinks.ts (connecting in the account) build them.
 */
function storefrontCallbacks(which: OauthProvider): string[] {
  return [AUTH_PATHS.socialCallback, ACCOUNT_PATHS.socialCallback].map((path) => {
    const callback = new URL(path, SHOP_URL);
    callback.searchParams.set('provider', which);
    return callback.href;
  });
}

function clientOf(which: OauthProvider, origin: string): OauthProviderConfig {
  const base = `${origin}/${which}`;
  return {
    clientId: `${which}-client-id`,
    clientSecret: `${which}-client-secret`,
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userInfoUrl: which === 'google' ? `${base}/userinfo` : `${base}/me?fields=id,name,email`,
  };
}

/** Codes the fake provider knows, and the access tokens they give. */
const CODES: Readonly<Record<string, string>> = {
  'code-known': 'at-known',
  'code-new': 'at-new',
  'code-other': 'at-other',
};
const PEOPLE: Readonly<Record<string, { name: string; email: string; id: (which: OauthProvider) => string }>> = {
  'at-known': { name: 'Олена Демо', email: 'demo@example.com', id: sandboxKnownOauthId },
  'at-new': { name: 'Марія', email: 'maria.nova@example.com', id: (which) => `${which}-person-4711` },
  'at-other': { name: 'Тарас', email: '', id: (which) => `${which}-person-5150` },
};

/** A provider's token and userinfo endpoints, as strict as a real one about the client and the redirect_uri. */
function realProvider(request: Received): FakeAnswer {
  const [, which = '', endpoint = ''] = /^\/(google|facebook)\/(token|userinfo|me)/.exec(request.url) ?? [];
  if (which !== 'google' && which !== 'facebook') return { status: 404, json: { error: 'not_found' } };
  const client = clientOf(which, '');
  if (endpoint === 'token') {
    const form = formOf(request);
    if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret) {
      return { status: 401, json: { error: 'invalid_client' } };
    }
    const token = CODES[form.code ?? ''];
    if (
      form.grant_type !== 'authorization_code' ||
      !storefrontCallbacks(which).includes(form.redirect_uri ?? '') ||
      !token
    ) {
      return { status: 400, json: { error: 'invalid_grant' } };
    }
    return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: 3599 } };
  }
  const person = PEOPLE[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
  if (!person) return { status: 401, json: { error: 'invalid_token' } };
  const id = person.id(which);
  return {
    status: 200,
    json:
      which === 'google'
        ? { sub: id, name: person.name, email: person.email }
        : { id, name: person.name, email: person.email },
  };
}

beforeAll(async () => {
  [provider, sms, mail] = await Promise.all([startFake(realProvider), startFake(() => OK), startFake(() => OK)]);
  shop = createUserShop(undefined, 1, {
    outside: productionWorld({
      sms: { url: `${sms.origin}/sms`, token: 'sms-token' },
      email: { url: `${mail.origin}/mail`, token: 'mail-token', from: 'shop@karapuz.example' },
      social: ['google', 'facebook'],
      oauth: { google: clientOf('google', provider.origin), facebook: clientOf('facebook', provider.origin) },
    }),
    shopUrl: SHOP_URL,
    outsideTimeoutMs: 300,
  });
});
afterEach(() => {
  provider.answer(realProvider);
  vi.restoreAllMocks();
});
afterAll(async () => {
  shop.db.close();
  await Promise.all([provider.close(), sms.close(), mail.close()]);
});

/** A new person signs in with Google (206) and registers with a phone (its code through the fake gateway). */
async function registerSocially(code: string): Promise<{ phone: string; token: string }> {
  const answer = await socialSignIn(shop.client(), { provider: 'google', code });
  if (answer.kind !== 'register') throw new Error('expected a 206');
  const phone = freshPhone();
  const client = shop.client({ address: freshAddress() });
  await registerByPhoneOauth(client, {
    phone,
    firstName: answer.data.name,
    email: answer.data.email,
    oauthId: answer.data.oauthId,
    provider: 'google',
  });
  const text = z.object({ text: z.string() }).parse(JSON.parse(sms.received.at(-1)?.body ?? '')).text;
  const confirmed = await confirmPhone(client, { phone, token: /^(\d{6})/.exec(text)?.[1] ?? '' });
  return { phone, token: confirmed.authorization.token };
}

describe('the config', () => {
  it('links each provider’s authorize page with the client id, response_type=code and its scopes', async () => {
    const { oauthLinks } = await getUserConfig(shop.client());
    expect(oauthLinks.map((l) => [l.provider, l.title])).toEqual([
      ['google', 'Google'],
      ['facebook', 'Facebook'],
    ]);
    const [google, facebook] = oauthLinks.map((l) => new URL(l.url));
    expect(`${google?.origin}${google?.pathname}`).toBe(`${provider.origin}/google/authorize`);
    expect(Object.fromEntries(google?.searchParams ?? [])).toEqual({
      client_id: 'google-client-id',
      response_type: 'code',
      scope: 'openid email profile',
    });
    expect(Object.fromEntries(facebook?.searchParams ?? [])).toEqual({
      client_id: 'facebook-client-id',
      response_type: 'code',
      scope: 'email,public_profile',
    });
  });
});

describe('signing in through a real provider', () => {
  it('exchanges the code with the storefront’s redirect_uri, reads the account, signs the linked shopper in', async () => {
    provider.received.splice(0);
    const answer = await socialSignIn(shop.client(), { provider: 'google', code: 'code-known' });
    expect(answer.kind).toBe('signedIn');
    if (answer.kind !== 'signedIn') return;
    expect(answer.login.profile.phone).toBe(DEMO_PHONE);

    const [token, userinfo] = provider.received;
    expect([token?.method, token?.url]).toEqual(['POST', '/google/token']);
    expect(token ? formOf(token) : null).toEqual({
      client_id: 'google-client-id',
      client_secret: 'google-client-secret',
      code: 'code-known',
      grant_type: 'authorization_code',
      redirect_uri: 'https://shop.example/api/auth/social/callback?provider=google',
    });
    expect([userinfo?.method, userinfo?.url, userinfo?.headers.authorization]).toEqual([
      'GET',
      '/google/userinfo',
      'Bearer at-known',
    ]);

    const facebook = await socialSignIn(shop.client(), { provider: 'facebook', code: 'code-known' });
    expect(facebook.kind === 'signedIn' && facebook.login.profile.phone).toBe(DEMO_PHONE);
    expect(provider.received.at(-1)?.url).toBe('/facebook/me?fields=id,name,email');
  });

  it('a new person is a 206 with what the provider told; the phone registration links the account', async () => {
    const answer = await socialSignIn(shop.client(), { provider: 'google', code: 'code-new' });
    expect(answer).toEqual({
      kind: 'register',
      data: { provider: 'google', oauthId: 'google-person-4711', name: 'Марія', email: 'maria.nova@example.com' },
    });
    const { phone, token } = await registerSocially('code-new');
    expect((await getUser(shop.client({ token }))).oauthProviders).toEqual(['google']);
    const again = await socialSignIn(shop.client(), { provider: 'google', code: 'code-new' });
    expect(again.kind === 'signedIn' && again.login.profile.phone).toBe(phone);
  });

  it('connects a network in the account through the provider too', async () => {
    const { token } = await registerSocially('code-other');
    provider.received.splice(0);
    const user = await connectSocial(shop.client({ token }), { provider: 'facebook', code: 'code-other' });
    expect(user.oauthProviders).toEqual(['facebook', 'google']);
    // The account's own callback, as the storefront sent the browser to it.
    const exchange = provider.received[0];
    expect(exchange ? formOf(exchange).redirect_uri : null).toBe(
      'https://shop.example/api/account/social/callback?provider=facebook',
    );
  });

  it('a code the provider refuses is a 400; a provider that is away or answers nonsense is a 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await expectRefusal(socialSignIn(shop.client(), { provider: 'google', code: 'forged' }), 400, 400);
    expect(refused.fields).toEqual([{ field: 'code', message: refused.message }]);
    const failures: FakeAnswer[] = [
      { status: 500, text: 'down' },
      { status: 200, json: { token_type: 'Bearer' } },
      'hang',
    ];
    for (const failure of failures) {
      provider.answer(() => failure);
      await expectRefusal(
        socialSignIn(shop.client(), { provider: 'google', code: 'code-known' }),
        USER_ERROR.outsideUnavailable,
        503,
      );
    }
    // The token is fine but the account cannot be read.
    provider.answer((request) =>
      request.url.includes('/token') ? realProvider(request) : { status: 200, json: { name: 'no id' } },
    );
    await expectRefusal(
      socialSignIn(shop.client(), { provider: 'google', code: 'code-known' }),
      USER_ERROR.outsideUnavailable,
      503,
    );
  });
});

describe('which providers there are', () => {
  const world = (overrides: Partial<OutsideWorld>, origin: string): OutsideWorld => ({
    ...SANDBOX_WORLD,
    oauth: { google: clientOf('google', origin) },
    ...overrides,
  });

  it('a provider not offered is not linked and its codes are refused', async () => {
    const only = createUserShop(undefined, 1, {
      outside: world({ sandbox: false, social: ['google'] }, provider.origin),
      shopUrl: SHOP_URL,
    });
    expect((await getUserConfig(only.client())).oauthLinks.map((l) => l.provider)).toEqual(['google']);
    provider.received.splice(0);
    await expectRefusal(socialSignIn(only.client(), { provider: 'facebook', code: 'code-known' }), 400, 400);
    expect(provider.received).toEqual([]);
    only.db.close();
  });

  it('an offered provider without a client is the sandbox provider only where sandboxes are allowed', async () => {
    const demo = createUserShop(undefined, 1, { outside: world({}, provider.origin), shopUrl: SHOP_URL });
    const links = (await getUserConfig(demo.client())).oauthLinks;
    expect(links.map((l) => new URL(l.url, 'http://embedded.local').pathname)).toEqual([
      '/google/authorize',
      '/sandbox/oauth/authorize',
    ]);
    // The sandbox page plays facebook only: google is the real one.
    expect((await demo.call('GET', '/sandbox/oauth/authorize?provider=facebook')).status).toBe(200);
    expect((await demo.call('GET', '/sandbox/oauth/authorize?provider=google')).status).toBe(400);
    demo.db.close();

    const production = createUserShop(undefined, 1, {
      outside: world({ sandbox: false }, provider.origin),
      shopUrl: SHOP_URL,
    });
    expect((await getUserConfig(production.client())).oauthLinks.map((l) => l.provider)).toEqual(['google']);
    expect((await production.call('GET', '/sandbox/oauth/authorize?provider=facebook')).status).toBe(404);
    production.db.close();
  });

  it('a real provider needs the shop’s origin for its redirect_uri: without SITE_URL the service does not start', () => {
    const db = openServiceDatabase(':memory:', 'user');
    expect(() => createUserApp(db, { outside: world({}, provider.origin) })).toThrow(/SITE_URL/);
    db.close();
  });
});
