import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ERROR } from '../../src/api/schemas/user.ts';
import type { OauthProvider } from '../../src/api/schemas/user.ts';
import {
  confirmPhone,
  connectSocial,
  disconnectSocial,
  getUser,
  getUserConfig,
  readSandboxSms,
  registerByPhoneOauth,
  setPasswordWithToken,
  socialSignIn,
} from '../../src/api/user.ts';
import {
  createUserShop,
  DEMO_PHONE,
  expectRefusal,
  freshAddress,
  freshPhone,
  lastCode,
  registerShopper,
} from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * Social sign-in through the sandbox provider (accounts spec §4 "Social login": 200 signs in, 206
 * opens the registration; §8 1105), and linking a network in the account.
 */
let shop: UserShop;

beforeAll(() => {
  shop = createUserShop();
});
afterAll(() => shop.db.close());

/** Presses a button of the sandbox provider's page and follows its redirect to the code. */
async function providerCode(provider: OauthProvider, persona: 'known' | 'new'): Promise<string> {
  const answer = await shop.call(
    'POST',
    '/sandbox/oauth/authorize',
    new URLSearchParams({ provider, persona, redirect_uri: '/api/auth/social/callback', state: 'st-1' }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get('location') ?? '', 'http://shop.test');
  expect(location.pathname).toBe('/api/auth/social/callback');
  expect(location.searchParams.get('state')).toBe('st-1');
  expect(location.searchParams.get('provider')).toBe(provider);
  return location.searchParams.get('code') ?? '';
}

describe('the sandbox social provider', () => {
  it('is what the config links to, a page with the two buttons', async () => {
    const config = await getUserConfig(shop.client());
    expect(config.oauthLinks.map((l) => [l.provider, l.title])).toEqual([
      ['google', 'Google'],
      ['facebook', 'Facebook'],
    ]);
    const url = new URL(config.oauthLinks[0]?.url ?? '');
    expect(url.pathname).toBe('/sandbox/oauth/authorize');
    const page = await shop.call('GET', `${url.pathname}${url.search}&redirect_uri=%2Fback&state=abc`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('SANDBOX');
    expect(html).toContain('name="persona" value="known"');
    expect(html).toContain('name="persona" value="new"');
    expect(html).toContain('name="redirect_uri" value="/back"');
  });

  it('refuses to send the browser to another site', async () => {
    const page = await shop.call(
      'GET',
      '/sandbox/oauth/authorize?provider=google&redirect_uri=https%3A%2F%2Fevil.example%2F',
    );
    expect(page.status).toBe(400);
    const post = await shop.call(
      'POST',
      '/sandbox/oauth/authorize',
      new URLSearchParams({ provider: 'google', persona: 'known', redirect_uri: '//evil.example/x' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(post.status).toBe(400);
  });
});

describe('social sign-in', () => {
  it('a known account signs in (200): the seeded demo shopper', async () => {
    for (const provider of ['google', 'facebook'] as const) {
      const answer = await socialSignIn(shop.client(), { provider, code: await providerCode(provider, 'known') });
      expect(answer.kind).toBe('signedIn');
      if (answer.kind !== 'signedIn') return;
      expect(answer.login.profile.phone).toBe(DEMO_PHONE);
      expect((await getUser(shop.client({ token: answer.login.token }))).oauthProviders).toEqual([
        'facebook',
        'google',
      ]);
    }
  });

  it('a code works once', async () => {
    const code = await providerCode('google', 'known');
    await socialSignIn(shop.client(), { provider: 'google', code });
    await expectRefusal(socialSignIn(shop.client(), { provider: 'google', code }), 400, 400);
    // And only for its provider.
    const other = await providerCode('google', 'known');
    await expectRefusal(socialSignIn(shop.client(), { provider: 'facebook', code: other }), 400, 400);
  });

  it('a new person (206) registers with a phone: code, confirm, linked, signs in by the network next time', async () => {
    const answer = await socialSignIn(shop.client(), {
      provider: 'facebook',
      code: await providerCode('facebook', 'new'),
    });
    expect(answer.kind).toBe('register');
    if (answer.kind !== 'register') return;
    expect(answer.data.provider).toBe('facebook');
    expect(answer.data.email).toMatch(/@example\.com$/);

    const phone = freshPhone();
    const client = shop.client({ address: freshAddress() });
    expect(
      await registerByPhoneOauth(client, {
        phone,
        firstName: answer.data.name,
        email: answer.data.email,
        oauthId: answer.data.oauthId,
        provider: 'facebook',
      }),
    ).toEqual({ diff: 60 });
    const confirmed = await confirmPhone(client, { phone, token: await lastCode(client, phone) });
    expect(confirmed.authorization.profile).toMatchObject({
      phone,
      firstName: answer.data.name,
      oauthProviders: ['facebook'],
      pendingEmail: answer.data.email,
    });
    await setPasswordWithToken(client, { token: confirmed.token, password: 'social-pass' });

    // The provider's same account signs in now; it cannot be registered twice.
    await expectRefusal(
      registerByPhoneOauth(client, {
        phone: freshPhone(),
        firstName: 'Інший',
        oauthId: answer.data.oauthId,
        provider: 'facebook',
      }),
      409,
      409,
    );
  });

  it('finishing a registration needs an account the provider vouched for', async () => {
    const phone = freshPhone();
    await expectRefusal(
      registerByPhoneOauth(shop.client({ address: freshAddress() }), {
        phone,
        firstName: 'Хакер',
        oauthId: 'sandbox-google-demo-shopper',
        provider: 'google',
      }),
      400,
      400,
    );
    expect((await readSandboxSms(shop.client(), phone)).items).toEqual([]);
  });

  it('a registered phone is 1105 with the spec message', async () => {
    const answer = await socialSignIn(shop.client(), { provider: 'google', code: await providerCode('google', 'new') });
    if (answer.kind !== 'register') throw new Error('expected a 206');
    const refused = await expectRefusal(
      registerByPhoneOauth(shop.client({ address: freshAddress() }), {
        phone: DEMO_PHONE,
        firstName: 'Олена',
        oauthId: answer.data.oauthId,
        provider: 'google',
      }),
      USER_ERROR.phoneTaken,
      400,
    );
    expect(refused.message).toBe(
      'Мы нашли пользователя с таким телефоном среди наших клиентов. Это Вы? Тогда войдите на сайт с помощью номера телефона и пароля и привяжите социальную сеть в личном кабинете.',
    );
  });
});

describe('linking a network in the account', () => {
  it('connects and disconnects; another shopper’s network cannot be taken', async () => {
    const session = await registerShopper(shop, freshPhone());
    const client = shop.client({ token: session.token });
    const linked = await connectSocial(client, { provider: 'google', code: await providerCode('google', 'new') });
    expect(linked.oauthProviders).toEqual(['google']);
    expect((await disconnectSocial(client, 'google')).oauthProviders).toEqual([]);

    // The demo shopper's Google account is hers.
    await expectRefusal(
      connectSocial(client, { provider: 'google', code: await providerCode('google', 'known') }),
      409,
      409,
    );
    expect((await getUser(client)).oauthProviders).toEqual([]);
  });
});
