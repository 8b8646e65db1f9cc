import http from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionAnswerSchema } from '../../src/api/schemas/session.ts';
import { signSocialState, useSocialStateSecret } from '../../src/server/session/socialStateCookie.ts';
import { cleanUp, plainProduct, secret, shopReady, start, tempDir } from './fixtures.ts';
import { freePort } from './support.ts';
import type { Launched } from './support.ts';

/**
 * Issue 23, "sessions that survive", through the real launcher over real HTTP: sessions in
 * DATA_DIR/sessions.db outlive a restart (sign-in and the no-JavaScript basket); starting a social
 * sign-in stores nothing (its state is a signed cookie, refused when forged or expired), so no flood
 * of anonymous requests pushes a shopper out; and one client address may start only so many
 * sessions an hour.
 */

afterAll(cleanUp);

const DEMO = { login: '380501112233', password: 'demo-password' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Cookies the answer sets (name → value; '' for one it deletes). */
  cookies: Map<string, string>;
}

/** One exchange with headers as given (Cookie, X-Forwarded-For) and the Set-Cookie lines apart. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const cookies = new Map<string, string>();
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const at = pair.indexOf('=');
            const deleted = /;\s*(?:max-age=0|expires=thu, 01 jan 1970)/i.test(line);
            cookies.set(pair.slice(0, at).trim(), deleted ? '' : pair.slice(at + 1).trim());
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, cookies });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function postForm(shopUrl: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return send(`${shopUrl}${path}`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function postLogin(shopUrl: string, headers: Record<string, string> = {}) {
  return send(`${shopUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(DEMO),
  });
}

/** Signs the demo shopper in as the auth modal does; the Cookie header the browser then sends. */
async function signIn(shopUrl: string): Promise<string> {
  const answer = await postLogin(shopUrl);
  expect(answer.status, answer.body).toBe(200);
  const id = answer.cookies.get('shop_session');
  if (!id) throw new Error('the sign-in set no session cookie');
  return `shop_session=${id}`;
}

/** The phone of the shopper the cookie is signed in as, or null. */
async function signedInAs(shopUrl: string, cookie: string): Promise<string | null> {
  const answer = await send(`${shopUrl}/api/auth/me`, { headers: { Cookie: cookie } });
  expect(answer.status, answer.body).toBe(200);
  const { session } = sessionAnswerSchema.parse(JSON.parse(answer.body));
  return session.signedIn ? session.shopper.phone : null;
}

/** How many sessions the shop keeps in DATA_DIR/sessions.db (null: no such file). */
function storedSessions(dataDir: string): number | null {
  const file = join(dataDir, 'sessions.db');
  if (!existsSync(file)) return null;
  const db = new DatabaseSync(file);
  try {
    return z.object({ n: z.number() }).parse(db.prepare('SELECT count(*) AS n FROM session').get()).n;
  } finally {
    db.close();
  }
}

/** A variant the no-JavaScript basket form can take. */
async function basketLine(shopUrl: string): Promise<{ productId: string; internalId: string }> {
  const product = await plainProduct(`${shopUrl}/svc/search`);
  const variant = product.nomenclature[0];
  if (!variant) throw new Error('the product has no variant');
  return { productId: String(product.id), internalId: String(variant.id) };
}

describe('sessions in DATA_DIR', () => {
  const env = { REVALIDATE_SECRET: secret('revalidate') };
  let dataDir: string;
  let port: string;
  let shop: Launched;
  let shopUrl: string;

  beforeAll(async () => {
    dataDir = tempDir('sessions');
    port = String(await freePort());
    shop = start('scripts/start.ts', { ...env, DATA_DIR: dataDir, PORT: port });
    shopUrl = await shopReady(shop);
  }, 120_000);

  it('stores nothing for a visitor who keeps nothing, then keeps a signed-in shopper with the no-JavaScript basket across a restart (SIGTERM, same DATA_DIR)', async () => {
    const line = await basketLine(shopUrl);
    for (const path of ['/', '/basket', '/ua/basket', '/api/auth/me']) {
      const answer = await send(`${shopUrl}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.cookies.has('shop_session'), path).toBe(false);
    }
    // Astro writes a session that only had something deleted; an empty one is not kept.
    const removed = await postForm(shopUrl, '/basket/remove', { internalId: line.internalId });
    expect(removed.status).toBe(303);
    expect(removed.cookies.has('shop_session')).toBe(false);
    const logout = await send(`${shopUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { Origin: shopUrl, 'Content-Type': 'application/json' },
    });
    expect(logout.status).toBe(200);
    expect(existsSync(join(dataDir, 'sessions.db'))).toBe(false);

    const cookie = await signIn(shopUrl);
    const added = await postForm(shopUrl, '/basket/add', { ...line, quantity: '2' }, { Cookie: cookie });
    expect(added.status).toBe(303);
    // The same session: its id does not change when the basket is added to.
    expect(added.cookies.get('shop_session') ?? cookie.slice('shop_session='.length)).toBe(
      cookie.slice('shop_session='.length),
    );
    const basketHas = async () =>
      (await send(`${shopUrl}/basket`, { headers: { Cookie: cookie } })).body.includes(
        `data-internal-id="${line.internalId}"`,
      );
    expect(await signedInAs(shopUrl, cookie)).toBe(DEMO.login);
    expect(await basketHas()).toBe(true);

    await shop.stop();
    shop = start('scripts/start.ts', { ...env, DATA_DIR: dataDir, PORT: port });
    shopUrl = await shopReady(shop);

    expect(await signedInAs(shopUrl, cookie)).toBe(DEMO.login);
    expect(await basketHas()).toBe(true);
    expect(storedSessions(dataDir)).toBe(1);
    // A cookie of no stored session is still nobody.
    expect(await signedInAs(shopUrl, 'shop_session=00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it(
    '10 100 cookie-less social sign-in starts store no session and push no shopper out',
    { timeout: 300_000 },
    async () => {
      const cookie = await signIn(shopUrl);
      const before = storedSessions(dataDir);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      const total = 10_100;
      let sent = 0;
      let redirected = 0;
      let withState = 0;
      const sessionCookies: string[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (sent < total) {
            sent += 1;
            const answer = await send(`${shopUrl}/api/auth/social/google?returnTo=%2Fbasket`, { agent });
            if (answer.status === 302) redirected += 1;
            if (answer.cookies.get('shop_social_signin')) withState += 1;
            const id = answer.cookies.get('shop_session');
            if (id !== undefined) sessionCookies.push(id);
          }
        }),
      );
      agent.destroy();
      expect(redirected).toBe(total);
      // More anonymous sessions than a store of 10 000 could hold would have pushed the shopper out.
      expect(await signedInAs(shopUrl, cookie)).toBe(DEMO.login);
      expect(sessionCookies.length).toBe(0);
      expect(storedSessions(dataDir)).toBe(before);
      // Each start's state went to its browser instead.
      expect(withState).toBe(total);
    },
  );

  it('the social callback goes on only with this browser’s signed, unexpired state cookie, once', async () => {
    // The start: the provider's address with our state, and the state in a signed cookie for the callback alone.
    const started = await send(`${shopUrl}/api/auth/social/google?returnTo=%2Fbasket`);
    expect(started.status).toBe(302);
    expect(started.cookies.has('shop_session')).toBe(false);
    const stateCookie = started.cookies.get('shop_social_signin') ?? '';
    const setCookie = (started.headers['set-cookie'] ?? []).find((line) => line.startsWith('shop_social_signin='));
    expect(setCookie).toMatch(/; Path=\/api\/auth\/social\/callback/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=600/);
    const provider = new URL(started.headers.location ?? '');
    const state = provider.searchParams.get('state') ?? '';
    // The sandbox provider: "known user" answers with a code for the demo shopper, back to our callback.
    const consent = await send(`${shopUrl}${provider.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        provider: 'google',
        redirect_uri: provider.searchParams.get('redirect_uri') ?? '',
        state,
        persona: 'known',
      }).toString(),
    });
    expect(consent.status).toBe(303);
    const callback = new URL(consent.headers.location ?? '', shopUrl);
    const back = (cookieValue: string | null, url: URL = callback) =>
      send(`${shopUrl}${url.pathname}${url.search}`, {
        headers: cookieValue === null ? {} : { Cookie: `shop_social_signin=${cookieValue}` },
      });
    const refused = async (cookieValue: string | null, location = '/#login', url: URL = callback) => {
      const answer = await back(cookieValue, url);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(location);
      expect(answer.cookies.has('shop_session')).toBe(false);
    };

    const [version, body = '', mac = ''] = stateCookie.split('.');
    const payload = z.record(z.string(), z.unknown()).parse(JSON.parse(Buffer.from(body, 'base64url').toString()));
    // Changed by the browser: another returnTo under the shop's own signature.
    const changed = Buffer.from(JSON.stringify({ ...payload, returnTo: '/evil' })).toString('base64url');
    await refused(`${version ?? ''}.${changed}.${mac}`);
    // Made up with a key that is not the shop's.
    useSocialStateSecret(secret('not-the-shop'));
    await refused(signSocialState('signIn', { state, provider: 'google', returnTo: '/basket' }));
    // The shop's own key, but older than ten minutes.
    useSocialStateSecret(env.REVALIDATE_SECRET);
    const elevenMinutesAgo = Date.now() - 11 * 60 * 1000;
    await refused(signSocialState('signIn', { state, provider: 'google', returnTo: '/basket' }, elevenMinutesAgo));
    // No cookie at all (another browser: login CSRF).
    await refused(null);
    // A cookie the shop signed for another sign-in of this browser: its state is not this one.
    const other = await send(`${shopUrl}/api/auth/social/google?returnTo=%2Fodezhda`);
    await refused(other.cookies.get('shop_social_signin') ?? '', '/odezhda#login');

    // The real one signs the demo shopper in, back where the sign-in started, and clears the cookie.
    const signedIn = await back(stateCookie);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe('/basket');
    expect(signedIn.cookies.get('shop_social_signin')).toBe('');
    const id = signedIn.cookies.get('shop_session');
    if (!id) throw new Error('the social sign-in set no session cookie');
    expect(await signedInAs(shopUrl, `shop_session=${id}`)).toBe(DEMO.login);
  });
});

describe('new sessions per client address (SESSION_CREATION_LIMIT=3, behind a trusted proxy)', () => {
  let dataDir: string;
  let shopUrl: string;

  beforeAll(async () => {
    dataDir = tempDir('session-limit');
    shopUrl = await shopReady(
      start('scripts/start.ts', {
        DATA_DIR: dataDir,
        PORT: '0',
        SESSION_CREATION_LIMIT: '3',
        // The proxy on loopback says who the client is, so the test can be several addresses.
        TRUST_PROXY: 'loopback',
      }),
    );
  }, 120_000);

  it('answers 429 with Retry-After in the page’s language past the bound, stores nothing, and counts each address apart', async () => {
    const line = await basketLine(shopUrl);
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const first: string[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await postForm(shopUrl, '/basket/add', line, from('198.51.100.7'));
      expect(added.status).toBe(303);
      first.push(`shop_session=${added.cookies.get('shop_session') ?? ''}`);
    }
    expect(storedSessions(dataDir)).toBe(3);

    // The fourth, a form of the Ukrainian page: a page in Ukrainian.
    const refusedForm = await postForm(shopUrl, '/ua/basket/add', line, from('198.51.100.7'));
    expect(refusedForm.status).toBe(429);
    const retryAfter = Number(refusedForm.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refusedForm.headers['content-type']).toMatch(/^text\/html/);
    expect(refusedForm.body).toContain('<html lang="uk"');
    expect(refusedForm.body).toContain('Забагато нових сеансів');
    expect(refusedForm.body).toContain(`Спробуйте ще раз за ${Math.ceil(retryAfter / 60)} хв.`);
    expect(refusedForm.cookies.get('shop_session') ?? '').toBe('');

    // A sign-in from the modal: the auth refusal's JSON, in the modal's language; not signed in.
    const refusedLogin = await postLogin(shopUrl, from('198.51.100.7'));
    expect(refusedLogin.status).toBe(429);
    expect(refusedLogin.headers['retry-after']).toBeDefined();
    const refusal = z.object({ code: z.literal(429), message: z.string(), fields: z.tuple([]) });
    expect(refusal.parse(JSON.parse(refusedLogin.body)).message).toMatch(/^С вашего интернет-адреса/);
    expect(refusedLogin.cookies.get('shop_session') ?? '').toBe('');
    expect(refusedLogin.cookies.get('bbs_customer') ?? '').toBe('');
    expect(storedSessions(dataDir)).toBe(3);

    // What the address started goes on: a session it has is no new one, nor is its sign-in's new id.
    expect(
      (await postForm(shopUrl, '/basket/add', line, { ...from('198.51.100.7'), Cookie: first[0] ?? '' })).status,
    ).toBe(303);
    const signedIn = await postLogin(shopUrl, { ...from('198.51.100.7'), Cookie: first[1] ?? '' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookies.get('shop_session')).toMatch(/^[0-9a-f-]{36}$/);

    // Another address has its own count.
    expect((await postForm(shopUrl, '/basket/add', line, from('198.51.100.8'))).status).toBe(303);
    expect(storedSessions(dataDir)).toBe(4);
  });

  it('counts an IPv6 client by its /64', async () => {
    const line = await basketLine(shopUrl);
    const statuses: number[] = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa::3', '2001:db8:1:2::4']) {
      statuses.push((await postForm(shopUrl, '/basket/add', line, { 'X-Forwarded-For': address })).status);
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect((await postForm(shopUrl, '/basket/add', line, { 'X-Forwarded-For': '2001:db8:1:3::1' })).status).toBe(303);
  });
});
