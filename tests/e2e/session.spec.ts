import fc from 'fast-check';
import { expect, test, type Page } from './fixtures.ts';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import {
  AUTH_PATHS,
  codeSentAnswerSchema,
  sessionAnswerSchema,
  socialPendingSchema,
  type SessionState,
} from '../../src/api/schemas/session.ts';
import { loginResponseSchema, sandboxOutboxSchema, SANDBOX_SECURITY_TOKEN } from '../../src/api/schemas/user.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { timeZoneOf } from '../../src/domain/format/timeZone.ts';
import { ageCodeLimits, call, freshPhone, lastCode, signIn, TOKEN_SHAPE } from './accountSupport.ts';

/**
 * The storefront's session (the BFF, issue 11) in a real browser against the production build and
 * the embedded user service: registration with the code from the sandbox SMS outbox, the password,
 * sign-out and sign-in, recovery, the basket across sign-ins, the e-mail link, what the browser can
 * see (no token anywhere), a foreign origin, and any body to any endpoint. The auth modal is built
 * elsewhere, so the page's own fetch plays it.
 */

const DEMO = { phone: '380501112233', password: 'demo-password' };
/**
 * The same, in HTML and scripts, where long slugs and file names are everyday: a run of exactly
 * 43 base64url characters mixing capitals, small letters and digits, as random bytes do.
 */
const TOKEN_IN_TEXT =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]{0,42}[A-Z])(?=[A-Za-z0-9_-]{0,42}[a-z])(?=[A-Za-z0-9_-]{0,42}\d)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

async function session(page: Page): Promise<SessionState> {
  const answer = await call(page, AUTH_PATHS.me);
  expect(answer.status).toBe(200);
  expect(answer.text).not.toMatch(TOKEN_SHAPE);
  return sessionAnswerSchema.parse(answer.body).session;
}

/** What scripts can see of cookies, and the cookies' flags. */
async function expectNoTokenVisible(page: Page): Promise<void> {
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain('shop_session');
  expect(visible).not.toMatch(TOKEN_SHAPE);
  for (const cookie of await page.context().cookies()) {
    if (cookie.name === 'shop_session') {
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
      expect(cookie.value).toMatch(/^[0-9a-f-]{36}$/);
    } else if (cookie.name === 'bbs_tz') {
      // The browser's time zone for personal pages' dates (src/domain/format/timeZone.ts): no secret.
      expect(timeZoneOf(decodeURIComponent(cookie.value))).not.toBeNull();
    } else {
      expect(cookie).toMatchObject({ name: 'bbs_customer', httpOnly: false });
      // A random tag of the sign-in: no id, no token (src/domain/session/customerHint.ts).
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{16}$/);
    }
  }
  // Neither a page's HTML nor any of its scripts carries a token or the means to get one.
  const html = await page.content();
  expect(html).not.toMatch(TOKEN_IN_TEXT);
  expect(html).not.toContain('refresh_token');
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter((src) => src !== ''));
  for (const src of scripts) {
    const script = await (await page.request.get(src)).text();
    expect(script, src).not.toContain('refresh_token');
    expect(script, src).not.toMatch(TOKEN_IN_TEXT);
  }
}

test('a shopper registers with the SMS code, sets a password, signs out and in, and recovers the password', async ({
  page,
}) => {
  const phone = freshPhone();
  await page.goto('/');
  expect(await session(page)).toEqual({ signedIn: false });

  const sent = await call(page, AUTH_PATHS.register, {
    phone: `+${phone}`,
    firstName: 'Тестовая',
    pregnancyDueDate: null,
    securityToken: SANDBOX_SECURITY_TOKEN,
    club: false,
    checkout: false,
  });
  expect(sent.status, sent.text).toBe(200);
  const { diff } = codeSentAnswerSchema.parse(sent.body);

  const wrong = await call(page, AUTH_PATHS.registerConfirm, { phone, code: '000000' });
  expect(endpointRefusalSchema.parse(wrong.body)).toMatchObject({ code: 1204, fields: [{ field: 'code' }] });
  const confirmed = await call(page, AUTH_PATHS.registerConfirm, { phone, code: await lastCode(page, phone) });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.text).not.toMatch(TOKEN_SHAPE);
  expect(sessionAnswerSchema.parse(confirmed.body).session).toMatchObject({
    signedIn: true,
    shopper: { phone, hasPassword: false },
  });

  const password = await call(page, AUTH_PATHS.password, { password: 'e2e-pass-1' });
  expect(password.status, password.text).toBe(200);
  expect(await session(page)).toMatchObject({
    signedIn: true,
    shopper: { phone, firstName: 'Тестовая', hasPassword: true },
  });
  await page.reload();
  await expectNoTokenVisible(page);

  // Public pages stay anonymous: no Set-Cookie for a signed-in shopper (they never read the session).
  for (const path of ['/', '/ua/', '/odezhda']) {
    expect((await page.request.get(path)).headers()['set-cookie'], path).toBeUndefined();
  }

  expect(sessionAnswerSchema.parse((await call(page, AUTH_PATHS.logout, {})).body).session).toEqual({
    signedIn: false,
  });
  expect(await session(page)).toEqual({ signedIn: false });
  expect(await page.evaluate(() => document.cookie)).not.toContain('bbs_customer');

  const refused = await call(page, AUTH_PATHS.login, { login: phone, password: 'wrong-pass' });
  expect(refused.status).toBe(400);
  expect(endpointRefusalSchema.parse(refused.body)).toEqual({
    code: 1104,
    message: 'Неверный номер телефона или пароль.',
    fields: [{ field: 'login', message: 'Неверный номер телефона или пароль.' }],
  });
  expect(await signIn(page, phone, 'e2e-pass-1')).toMatchObject({ signedIn: true, shopper: { phone } });
  await call(page, AUTH_PATHS.logout, {});

  // Recovery: a second code for the phone is allowed once the resend timer (`diff`) has run out;
  // before that the service says how long to wait.
  const early = await call(page, `${AUTH_PATHS.forgot}?locale=uk`, { phone });
  expect(early.status, early.text).toBe(429);
  expect(endpointRefusalSchema.parse(early.body)).toMatchObject({ code: 1202, fields: [{ field: 'phone' }] });
  ageCodeLimits(phone, diff + 1);
  const resent = await call(page, `${AUTH_PATHS.forgot}?locale=uk`, { phone });
  expect(resent.status, resent.text).toBe(200);
  const recovered = await call(page, AUTH_PATHS.forgotConfirm, { phone, code: await lastCode(page, phone) });
  expect(recovered.status, recovered.text).toBe(200);
  expect((await call(page, AUTH_PATHS.password, { password: 'e2e-pass-2' })).status).toBe(200);
  await call(page, AUTH_PATHS.logout, {});
  expect((await call(page, AUTH_PATHS.login, { login: phone, password: 'e2e-pass-1' })).status).toBe(400);
  expect(await signIn(page, phone, 'e2e-pass-2')).toMatchObject({ signedIn: true });
});

test('a request from another site is refused with 403 and changes nothing', async ({ page, baseURL }) => {
  await page.goto('/');
  await signIn(page, DEMO.phone, DEMO.password);
  for (const headers of [
    { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    { Origin: 'https://evil.example' },
    {},
  ]) {
    const response = await page.request.post(AUTH_PATHS.logout, { headers, data: {} });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect(endpointRefusalSchema.parse(await response.json()).code).toBe(403);
    expect(response.headers()['cache-control']).toBe('no-store');
  }
  expect((await session(page)).signedIn).toBe(true);
  // The same request from the shop's own page is taken.
  const own = await page.request.post(AUTH_PATHS.logout, { headers: { Origin: baseURL ?? '' }, data: {} });
  expect(own.status()).toBe(200);
});

/** A product page with a variant in stock (at least `min` units), and the variant's id. */
async function productPath(page: Page, skip: number): Promise<{ path: string; id: number }> {
  const response = await page.request.get(
    '/svc/search/public/products?category=odezhda&page=0&limit=24&withPrice=1&hasImage=1',
  );
  const found: { path: string; id: number }[] = [];
  for (const product of productListSchema.parse(await response.json()).items) {
    const variant = visibleVariants(product.nomenclature).find((v) => v.totalAmount >= 10);
    if (!variant) continue;
    const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
    if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
    found.push({ path: `/product/${product.slug}?${query.toString()}`, id: variant.id });
  }
  const pick = found[skip];
  if (!pick) throw new Error('the seed has too few clothes in stock');
  return pick;
}

async function addToBasket(page: Page, path: string, quantity: number): Promise<void> {
  await page.goto(path);
  const form = page.locator('form[data-add-to-basket]');
  await form.getByRole('spinbutton').fill(String(quantity));
  await form.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByRole('dialog', { name: 'Корзина' })).toBeVisible();
  await page.keyboard.press('Escape');
}

async function stored(page: Page, key: string): Promise<Array<[number, number]> | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const basket = JSON.parse(raw) as { items: { id: number; count: number }[] };
    return basket.items.map((item): [number, number] => [item.id, item.count]);
  }, key);
}

const headerCount = (page: Page) => page.locator('a[data-basket-link] [data-basket-count]');

test("the anonymous basket survives sign-in, merged into the customer's; sign-out clears it", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const a = await productPath(page, 0);
  const b = await productPath(page, 1);
  await addToBasket(page, a.path, 1);
  expect(await stored(page, 'bbs_basket_anon')).toEqual([[a.id, 1]]);

  // Sign-in (the modal's call), then the page learns of it: the anonymous basket becomes the customer's.
  const state = await signIn(page, DEMO.phone, DEMO.password);
  if (!state.signedIn) throw new Error('not signed in');
  const customerKey = `bbs_basket_${state.shopper.id}`;
  await page.reload();
  await expect.poll(() => stored(page, customerKey)).toEqual([[a.id, 1]]);
  expect(await stored(page, 'bbs_basket_anon')).toBeNull();
  await expect(headerCount(page)).toHaveText('1');

  // The session ends without a sign-out (the server lost it): the next call that reads it (here the
  // account page) clears the hint, the page is anonymous again, and what the shopper adds meanwhile
  // joins their basket at the next sign-in.
  await context.clearCookies({ name: 'shop_session' });
  await page.goto('/profile');
  // Sent to the main page's login form (`#login`: the modal opens and the hash is cleared).
  await expect(page.getByRole('dialog')).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('bbs_customer');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bbs_basket_owner'))).toBeNull();
  expect(await stored(page, customerKey)).toEqual([[a.id, 1]]);
  await addToBasket(page, a.path, 2);
  await addToBasket(page, b.path, 1);
  expect(await stored(page, 'bbs_basket_anon')).toEqual([
    [a.id, 2],
    [b.id, 1],
  ]);
  await signIn(page, DEMO.phone, DEMO.password);
  await page.reload();
  await expect
    .poll(() => stored(page, customerKey))
    .toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
  expect(await stored(page, 'bbs_basket_anon')).toBeNull();
  await expect(headerCount(page)).toHaveText('4');

  // Sign-out (the modal's call and the store's change event): the basket and order are cleared here.
  await call(page, AUTH_PATHS.logout, {});
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('bbs:auth-change', { detail: { signedIn: false } })));
  await expect.poll(() => stored(page, customerKey)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('bbs_basket_owner'))).toBeNull();
  await expect(headerCount(page)).toBeHidden();
});

test('the e-mail link confirms the address once; an unknown or spent link says so (ru and ua)', async ({ page }) => {
  const login = loginResponseSchema.parse(
    await (
      await page.request.post('/svc/user/public/auth/login', {
        data: { login: '380672223344', password: DEMO.password, project: 'bbs' },
      })
    ).json(),
  );
  const address = `e2e-${Date.now()}@example.com`;
  const set = await page.request.put('/svc/user/public/user/set-email', {
    headers: { Authorization: `Bearer ${login.token}` },
    data: { email: address },
  });
  expect(set.status()).toBeLessThan(300);
  const mail = sandboxOutboxSchema.parse(
    await (await page.request.get(`/svc/user/sandbox/email?to=${encodeURIComponent(address)}`)).json(),
  ).items[0];
  const link = /\/(?:ua\/)?email-confirm\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no link in ${mail?.text ?? '(no mail)'}`);
  const confirmed = await page.goto(link);
  expect(confirmed?.status()).toBe(200);
  expect(confirmed?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByText(/Вы успешно подтвердили email|Ви успішно підтвердили email/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');

  const spent = await page.goto(link);
  expect(spent?.status()).toBe(404);
  await expect(page.getByText(/Токен на найден, либо его время жизни истекло|Токен не знайдено/)).toBeVisible();
  await page.goto('/ua/email-confirm/no-such-token');
  await expect(page.getByText('Токен не знайдено, або термін його дії минув')).toBeVisible();
});

test('any body to any session endpoint is answered without a 5xx', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const posts = [
    AUTH_PATHS.login,
    AUTH_PATHS.register,
    AUTH_PATHS.registerSocial,
    AUTH_PATHS.registerConfirm,
    AUTH_PATHS.forgot,
    AUTH_PATHS.forgotConfirm,
    AUTH_PATHS.password,
    AUTH_PATHS.logout,
  ];
  const headers = { Origin: baseURL ?? '', 'Content-Type': 'application/json' };
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...posts),
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.json({ maxDepth: 3 }),
        fc
          .record({ login: fc.string(), password: fc.string(), phone: fc.string(), code: fc.string() })
          .map((v) => JSON.stringify(v)),
      ),
      async (path, data) => {
        const response = await page.request.post(path, { headers, data });
        expect(response.status(), `${path} ${data}`).toBeLessThan(500);
        if (response.status() !== 200) endpointRefusalSchema.parse(await response.json());
      },
    ),
    { numRuns: 150 },
  );
  for (const path of [
    AUTH_PATHS.me,
    AUTH_PATHS.socialPending,
    `${AUTH_PATHS.socialCallback}?state=x&code=y&provider=google`,
    `${AUTH_PATHS.socialStart}/nobody`,
    `${AUTH_PATHS.me}?locale=%00`,
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
  }
});

test('social sign-in: a new person completes it with a phone (206, #social); a known one is signed in (200)', async ({
  page,
}) => {
  await page.goto('/');
  await page.goto(`${AUTH_PATHS.socialStart}/google?returnTo=${encodeURIComponent('/basket')}`);
  await page.getByRole('button', { name: /^Новый пользователь/ }).click();
  // Back with #social: the auth modal opens its registration-completion form and clears the hash.
  await expect(page.getByRole('dialog', { name: 'Регистрация' })).toBeVisible();
  await expect(page).toHaveURL(/\/basket$/);
  const pending = socialPendingSchema.parse((await call(page, AUTH_PATHS.socialPending)).body).pending;
  if (!pending) throw new Error('no pending social sign-in');
  expect(pending.provider).toBe('google');
  const phone = freshPhone('38063');
  const firstName = pending.name.split(' ')[0] ?? 'Нова';
  const sent = await call(page, AUTH_PATHS.registerSocial, { phone, firstName, email: pending.email });
  expect(sent.status, sent.text).toBe(200);
  const confirmed = await call(page, AUTH_PATHS.registerConfirm, { phone, code: await lastCode(page, phone) });
  expect(sessionAnswerSchema.parse(confirmed.body).session).toMatchObject({ signedIn: true, shopper: { phone } });
  expect(socialPendingSchema.parse((await call(page, AUTH_PATHS.socialPending)).body).pending).toBeNull();
  await call(page, AUTH_PATHS.logout, {});

  await page.goto(`${AUTH_PATHS.socialStart}/google?returnTo=${encodeURIComponent('/ua/')}`);
  await page.getByRole('button', { name: /^Известный пользователь/ }).click();
  await expect(page).toHaveURL(/\/ua\/$/);
  expect(await session(page)).toMatchObject({ signedIn: true, shopper: { phone: DEMO.phone } });
});

test("a signed-in shopper's further pages load no session code; a sign-out elsewhere is still seen", async ({
  page,
  context,
}) => {
  await page.goto('/');
  const state = await signIn(page, DEMO.phone, DEMO.password);
  if (!state.signedIn) throw new Error('not signed in');
  // The page where the sign-in happened looks at the new session once and records it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bbs_basket_owner'))).toBe(String(state.shopper.id));
  const hint = (await context.cookies()).find((cookie) => cookie.name === 'bbs_customer')?.value;
  expect(await page.evaluate(() => localStorage.getItem('bbs_session_seen'))).toBe(hint);

  // Further pages: no session request, no session effects, the header still says «Кабинет».
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === AUTH_PATHS.me || /sessionEffects/.test(path)) asked.push(path);
  });
  await page.goto('/odezhda');
  await page.goto('/ua/');
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  // Signed out in another tab (the hint cookie goes): the next page looks and leaves the customer's basket.
  const other = await context.newPage();
  await other.goto('/');
  await call(other, AUTH_PATHS.logout, {});
  await other.close();
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bbs_basket_owner'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('bbs_session_seen'))).toBeNull();
  expect(asked.some((path) => /sessionEffects/.test(path))).toBe(true);
});
