// Playwright's own expect for the page (it waits for what a shopper would see); vitest's for the rest.
import { chromium, expect as see } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHmac } from 'node:crypto';
import { orderSchema } from '../../src/api/schemas/order.ts';
import { cleanUp, placeBranchOrder, shopReady, start, tempDir } from './fixtures.ts';
import { CAPTCHA_SCRIPT, fakeServer } from './outsideFakes.ts';
import type { Fake } from './outsideFakes.ts';
import { freePort } from './support.ts';
import { TEST_CHROMIUM } from '../../scripts/ensureChromium.ts';

/**
 * Issue 23: a real production shop (NODE_ENV=production, no SHOP_DEMO) runs no sandbox. Its five
 * services run embedded, and everything they need of the outside world goes to the adapters it was
 * configured with: here servers on 127.0.0.1 standing in for an SMS gateway, a mailer, Turnstile, an
 * OAuth provider and a payment gateway. A shopper registers in a real browser through all of them.
 */

const SEEDED_GOOGLE_ID = 'sandbox-google-demo-shopper';

let shopUrl: string;
let browser: Browser;
let sms: Fake;
let mail: Fake;
let captcha: Fake;
let oauth: Fake;
let bank: Fake;

const smsSchema = z.object({ phone: z.string(), text: z.string() });

beforeAll(async () => {
  sms = await fakeServer(() => ({ body: '{"ok":true}' }));
  mail = await fakeServer(() => ({ body: '{"ok":true}' }));
  captcha = await fakeServer((request) =>
    request.path === '/api.js'
      ? { headers: { 'content-type': 'text/javascript' }, body: CAPTCHA_SCRIPT }
      : {
          body: JSON.stringify({
            success: /^token-\d+$/.test(new URLSearchParams(request.body).get('response') ?? ''),
          }),
        },
  );
  oauth = await fakeServer((request) => {
    if (request.path === '/authorize') {
      const back = new URL(request.query.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'provider-code');
      back.searchParams.set('state', request.query.get('state') ?? '');
      return { status: 302, headers: { location: back.href } };
    }
    if (request.path === '/token') {
      const form = new URLSearchParams(request.body);
      const ok = form.get('code') === 'provider-code' && form.get('client_secret') === 'google-secret';
      return ok ? { body: '{"access_token":"provider-access"}' } : { status: 400, body: '{"error":"invalid_grant"}' };
    }
    return { body: JSON.stringify({ sub: SEEDED_GOOGLE_ID, name: 'Олена', email: 'demo@example.com' }) };
  });
  // The gateway's API is one origin, its payment pages another (PAYMENT_PAGE_ORIGINS).
  bank = await fakeServer(() => ({ body: '{"paymentUrl":"https://pay.bank.example/checkout/1"}' }));
  const port = await freePort();
  const shop = start('scripts/start.ts', {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: tempDir('production'),
    SITE_URL: `http://127.0.0.1:${port}`,
    REVALIDATE_SECRET: 'production-revalidate',
    CMS_EDITOR_TOKEN: 'production-editor',
    SEARCH_ADMIN_TOKEN: 'production-admin',
    ORDER_ADMIN_TOKEN: 'production-order-admin',
    SMS_GATEWAY_URL: `${sms.origin}/send`,
    SMS_GATEWAY_TOKEN: 'sms-token',
    EMAIL_GATEWAY_URL: `${mail.origin}/send`,
    EMAIL_GATEWAY_TOKEN: 'mail-token',
    EMAIL_FROM: 'shop@shop.example',
    CAPTCHA_SECRET: 'captcha-secret',
    CAPTCHA_VERIFY_URL: `${captcha.origin}/siteverify`,
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_SCRIPT_URL: `${captcha.origin}/api.js`,
    SOCIAL_SIGN_IN: 'google',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    OAUTH_GOOGLE_AUTHORIZE_URL: `${oauth.origin}/authorize`,
    OAUTH_GOOGLE_TOKEN_URL: `${oauth.origin}/token`,
    OAUTH_GOOGLE_USERINFO_URL: `${oauth.origin}/userinfo`,
    PAYMENT_GATEWAY_URL: bank.origin,
    PAYMENT_GATEWAY_SECRET: 'bank-secret',
    PAYMENT_PAGE_ORIGINS: 'https://pay.bank.example',
  });
  shopUrl = await shopReady(shop);
  browser = await chromium.launch({
    executablePath: TEST_CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}, 300_000);

afterAll(async () => {
  await browser.close();
  await cleanUp();
  await Promise.all([sms, mail, captcha, oauth, bank].map((fake) => fake.close()));
});

/** The cookies a response sets, as a Cookie header's value (name=value pairs). */
function cookiesOf(response: Response, jar: Map<string, string> = new Map()): Map<string, string> {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe('a production shop, every outside channel an adapter', () => {
  it('has no sandbox: the outboxes, the provider page and the bank are 404, the dummy bot token is refused', async () => {
    for (const path of [
      '/svc/user/sandbox/sms?phone=380501112233',
      '/svc/user/sandbox/email?to=demo@example.com',
      '/svc/user/sandbox/oauth/authorize?provider=google',
      '/svc/order/sandbox/bank/abcdef0123456789',
    ]) {
      const response = await fetch(`${shopUrl}${path}`);
      expect(response.status, path).toBe(404);
    }
    const register = await fetch(`${shopUrl}/api/auth/register?locale=ru`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: shopUrl },
      body: JSON.stringify({
        phone: '380671230001',
        firstName: 'Бот',
        pregnancyDueDate: null,
        securityToken: 'XXXX.DUMMY.TOKEN.XXXX',
        club: false,
        checkout: false,
      }),
    });
    expect(register.status).toBe(400);
    expect(await register.text()).toContain('Не пройдена проверка безопасности');
    expect(sms.seen).toHaveLength(0);
  });

  it('a shopper registers in a browser: the provider’s widget, its verifier, the code through the SMS gateway', async () => {
    const page = await browser.newPage();
    const phone = '380671230002';
    await page.goto(`${shopUrl}/#registration`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Телефон').fill(`+${phone}`);
    await dialog.getByLabel('Имя').fill('Марія');
    // No sandbox checkbox: the provider's widget, from its own origin, allowed by the page's CSP.
    await see(dialog.getByRole('checkbox', { name: 'Я не робот' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'I am human (site-key)' }).click();
    await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await see(page.getByRole('dialog', { name: 'Подтверждение телефона' })).toBeVisible();
    const verified = captcha.seen.filter((request) => request.path === '/siteverify').at(-1);
    expect(new URLSearchParams(verified?.body)).toMatchObject(
      new URLSearchParams({ secret: 'captcha-secret', response: 'token-1', remoteip: '127.0.0.1' }),
    );
    const sent = sms.seen.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer sms-token');
    const message = smsSchema.parse(JSON.parse(sent?.body ?? '{}'));
    expect(message.phone).toBe(phone);
    const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
    await dialog.getByLabel('Код из SMS').fill(code);
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await see(page.getByRole('dialog', { name: 'Придумайте пароль' })).toBeVisible();
    await page.close();
  });

  it('social sign-in goes to the real provider and comes back signed in as the linked shopper', async () => {
    const jar = new Map<string, string>();
    const start = await fetch(`${shopUrl}/api/auth/social/google?returnTo=/`, { redirect: 'manual' });
    cookiesOf(start, jar);
    const toProvider = new URL(start.headers.get('location') ?? '');
    expect(toProvider.origin).toBe(oauth.origin);
    expect(toProvider.searchParams.get('client_id')).toBe('google-client');
    expect(toProvider.searchParams.get('redirect_uri')).toBe(`${shopUrl}/api/auth/social/callback?provider=google`);
    const back = await fetch(toProvider, { redirect: 'manual' });
    const callback = await fetch(back.headers.get('location') ?? '', {
      redirect: 'manual',
      headers: { Cookie: cookieHeader(jar) },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    cookiesOf(callback, jar);
    const me = await fetch(`${shopUrl}/api/auth/me?locale=ru`, { headers: { Cookie: cookieHeader(jar) } });
    expect(await me.json()).toMatchObject({ session: { signedIn: true } });
    const exchange = oauth.seen.find((request) => request.path === '/token');
    expect(new URLSearchParams(exchange?.body).get('redirect_uri')).toBe(
      `${shopUrl}/api/auth/social/callback?provider=google`,
    );
    // Facebook is not offered (SOCIAL_SIGN_IN=google): no link to it.
    const facebook = await fetch(`${shopUrl}/api/auth/social/facebook?returnTo=/`, { redirect: 'manual' });
    expect(facebook.headers.get('location')).toBe('/#login');
  });

  it('pays at the real gateway: the pay form goes to its page, its signed callback settles the order', async () => {
    const services = {
      SEARCH_API_URL: `${shopUrl}/svc/search`,
      ORDER_API_URL: `${shopUrl}/svc/order`,
      DELIVERY_API_URL: `${shopUrl}/svc/delivery`,
    };
    const order = await placeBranchOrder(services);
    const page = await fetch(`${shopUrl}/order/${order.hash}`);
    // The pay form's redirect is to the bank's page: the page's policy lets the form go there.
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' [^;]*https:\/\/pay\.bank\.example/);
    const pay = await fetch(`${shopUrl}/order/${order.hash}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shopUrl },
      body: '',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe('https://pay.bank.example/checkout/1');
    const opened = bank.seen.at(-1);
    expect(opened?.path).toBe('/payments');
    expect(opened?.headers.authorization).toBe('Bearer bank-secret');
    const request = z
      .object({ reference: z.string(), amount: z.number(), currency: z.literal('UAH'), callbackUrl: z.string() })
      .parse(JSON.parse(opened?.body ?? '{}'));
    expect(request.amount).toBe(Math.round(order.totalPrice * 100));
    expect(request.callbackUrl).toBe(`${shopUrl}/svc/order/public/payment/callback`);
    const settle = (body: string, secret: string) =>
      fetch(request.callbackUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
        body,
      });
    const approved = JSON.stringify({ reference: request.reference, status: 'approved' });
    expect((await settle(approved, 'not-the-secret')).status).toBe(401);
    expect((await settle(approved, 'bank-secret')).status).toBe(200);
    const read = await fetch(`${shopUrl}/svc/order/public/anon/order/${order.hash}?locale=ru`);
    expect(orderSchema.parse(await read.json()).paymentStatus).toBe(3);
  });
});
