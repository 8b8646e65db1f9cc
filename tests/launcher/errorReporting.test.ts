import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErrorCollector, type ErrorCollector } from '../../scripts/lib/errorCollector.ts';
import { cleanUp, shopReady, start, tempDir } from './fixtures.ts';
import { freePort } from './support.ts';

/**
 * Issue 26, error reporting, through the real launcher and a local Sentry-compatible collector:
 * with SENTRY_DSN set, a page that throws (the 500 page) and a failed products request reach the
 * collector through @sentry/node, tagged with the request's id and page kind and carrying none of
 * the phone, token or cookie the request held; the pages carry the public DSN and allow its origin
 * in connect-src. Without SENTRY_DSN nothing arrives and the pages carry neither.
 */

let collector: ErrorCollector;
let reporting: string;
let silent: string;

const PHONE = '380501234567';
const TOKEN = 'tok-7d1f0c2e9b';
const COOKIE = 'cookie-5a3e8f1b';

beforeAll(async () => {
  collector = await startErrorCollector();
  // A search service that is down: the catalogue's products request fails.
  const deadSearch = `http://127.0.0.1:${await freePort()}`;
  const shop = start('scripts/start.ts', {
    DATA_DIR: tempDir('errors'),
    PORT: '0',
    SHOP_E2E_FAULTS: '1',
    SEARCH_API_URL: deadSearch,
    SENTRY_DSN: collector.dsn,
  });
  reporting = await shopReady(shop);
  // The same services, no DSN.
  const quiet = start('scripts/start.ts', {
    PORT: '0',
    SHOP_E2E_FAULTS: '1',
    SEARCH_API_URL: deadSearch,
    USER_API_URL: `${reporting}/svc/user`,
    CONTENT_API_URL: `${reporting}/svc/content`,
    ORDER_API_URL: `${reporting}/svc/order`,
    DELIVERY_API_URL: `${reporting}/svc/delivery`,
  });
  silent = await shopReady(quiet);
}, 300_000);
afterAll(async () => {
  await cleanUp();
  await collector.close();
});

const personal = { Cookie: `bbs_session=${COOKIE}` };
const query = `?phone=${PHONE}&token=${TOKEN}`;

describe('error reporting', () => {
  it('sends a page error and a failed products request with the request id and page kind, and nothing personal', async () => {
    const thrown = await fetch(`${reporting}/e2e-fault${query}`, {
      headers: { ...personal, 'X-Request-Id': 'errors-page-1' },
    });
    expect(thrown.status).toBe(500);
    const pageEvent = await collector.waitFor((event) => event.tags?.['request_id'] === 'errors-page-1');
    expect(pageEvent.tags).toMatchObject({ failure: 'page' });
    expect(pageEvent.exception?.values[0]?.value).toContain('injected fault');

    const catalog = await fetch(`${reporting}/ua/odezhda${query}`, {
      headers: { ...personal, 'X-Request-Id': 'errors-catalog-1' },
    });
    expect(catalog.status).toBe(503);
    const readEvent = await collector.waitFor((event) => event.tags?.['request_id'] === 'errors-catalog-1');
    expect(readEvent.tags).toMatchObject({ page_kind: 'catalog' });
    expect(readEvent.tags?.['failure']).toMatch(/^\[catalog\]/);
    expect(readEvent.level).toBe('error');

    for (const body of collector.bodies) {
      expect(body).not.toContain(PHONE);
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(COOKIE);
    }
    for (const event of collector.events) {
      expect(event).not.toHaveProperty('user');
      expect(event).not.toHaveProperty('request');
    }
  });

  it('lets the pages post to the DSN only when it is set; unset, nothing is sent', async () => {
    const page = await fetch(`${reporting}/info/about`);
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`connect-src 'self' ${new URL(collector.dsn).origin}(;|$)`),
    );
    expect(await page.text()).toContain(`<meta name="error-reporting" content="${collector.dsn}">`);

    const received = collector.bodies.length;
    const quietPage = await fetch(`${silent}/info/about`);
    expect(quietPage.headers.get('content-security-policy')).toMatch(/connect-src 'self'(;|$)/);
    expect(await quietPage.text()).not.toContain('error-reporting');
    expect((await fetch(`${silent}/e2e-fault`, { headers: { 'X-Request-Id': 'errors-quiet-1' } })).status).toBe(500);
    expect((await fetch(`${silent}/odezhda`)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(collector.bodies.length).toBe(received);
  });
});
