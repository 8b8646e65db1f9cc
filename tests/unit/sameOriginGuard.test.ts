import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { crossSiteRefusal } from '../../src/server/request/sameOrigin.ts';

/**
 * The same-origin rule, once, in the middleware (src/middleware.ts → crossSiteRefusal): every
 * request that is not a GET is refused unless it comes from the shop's own pages, before any route
 * runs; only `/api/revalidate`, which other servers call with their own bearer, is let through.
 * Tried on the path of every endpoint file the shop has, so a new one is covered the day it lands.
 */

const PAGES = join(import.meta.dirname, '../../src/pages');
const SHOP = 'http://shop.test';

/** Every route file under src/pages that answers a POST, as the path a browser posts to. */
function postRoutes(): string[] {
  const files = readdirSync(PAGES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files
    .filter((file) => /export (const POST\b|\{[^}]*\bPOST\b[^}]*\})/.test(readFileSync(join(PAGES, file), 'utf8')))
    .map(
      (file) =>
        '/' +
        file
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '')
          .replace(/\[(\w+)\]/g, (_match, name: string) => (name === 'provider' ? 'google' : '1')),
    );
}

const ROUTES = postRoutes();
const GUARDED = ROUTES.filter((path) => path !== '/api/revalidate');

function post(path: string, headers: Record<string, string>): Request {
  return new Request(new URL(path, SHOP), { method: 'POST', headers, body: '{}' });
}

describe('the middleware’s same-origin rule', () => {
  it('knows the shop’s endpoints (the list below is the src/pages tree’s)', () => {
    for (const path of [
      '/api/auth/login',
      '/api/account/order',
      '/api/account/wish-list/1/items/1/delete',
      '/basket/add',
      '/ua/basket/add',
      '/api/basket/session/clear',
      '/api/analytics',
      '/api/revalidate',
    ]) {
      expect(ROUTES).toContain(path);
    }
  });

  it.each(GUARDED)('%s: refuses a request from another site, a foreign Origin or no word at all (403)', (path) => {
    const url = new URL(path, SHOP);
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      {},
    ]) {
      expect(crossSiteRefusal(post(path, headers), url)?.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it.each(GUARDED)('%s: lets the shop’s own pages through', (path) => {
    const url = new URL(path, SHOP);
    expect(crossSiteRefusal(post(path, { 'Sec-Fetch-Site': 'same-origin' }), url)).toBeNull();
    expect(crossSiteRefusal(post(path, { Origin: SHOP }), url)).toBeNull();
  });

  it('answers a script with the refusal envelope in the page’s language, a form with plain text', async () => {
    const url = new URL('/api/auth/login?locale=uk', SHOP);
    const script = crossSiteRefusal(
      post(url.pathname, { 'Content-Type': 'application/json', Origin: 'https://evil.example' }),
      url,
    );
    expect(script?.headers.get('Cache-Control')).toBe('no-store');
    expect(endpointRefusalSchema.parse(await script?.json())).toEqual({
      code: 403,
      message: 'Запит відхилено: його надіслано не зі сторінки магазину.',
      fields: [],
    });
    const form = crossSiteRefusal(
      post('/basket/add', { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' }),
      new URL('/basket/add', SHOP),
    );
    expect(form?.headers.get('Content-Type')).toContain('text/plain');
    expect(await form?.text()).toBe('Cross-site POST form submissions are forbidden');
  });

  it('never looks at a GET; lets /api/revalidate take its servers’ calls (their bearer is its check)', () => {
    const me = new URL('/api/auth/me', SHOP);
    expect(crossSiteRefusal(new Request(me, { headers: { 'Sec-Fetch-Site': 'cross-site' } }), me)).toBeNull();
    const revalidate = new URL('/api/revalidate', SHOP);
    expect(crossSiteRefusal(post('/api/revalidate', {}), revalidate)).toBeNull();
  });

  it('is the one place the origin is checked: no endpoint or flow checks it again', () => {
    const src = join(import.meta.dirname, '../../src');
    const checking = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|astro)$/.test(file))
      .filter((file) => readFileSync(join(src, file), 'utf8').includes('isSameOriginRequest('));
    expect(checking).toEqual(['server/request/sameOrigin.ts']);
  });
});
