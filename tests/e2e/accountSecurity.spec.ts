import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { registerShopper, signIn } from './accountSupport.ts';

/**
 * Every endpoint of the account area (src/pages/api/account/**, found on disk, so a new one is
 * covered the day it is added; issue 11 "every account call without a session is 401", "a
 * cross-origin POST … is refused", "a fuzz of bodies gives no 5xx"). Each endpoint's own tests
 * check what it does with another shopper's ids; this one checks the doors of all of them.
 */

const ROOT = path.resolve('src/pages/api/account');
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
type Method = (typeof METHODS)[number];

interface Endpoint {
  /** The route with its parameters filled by `fill`. */
  route(fill: string): string;
  methods: Method[];
}

function endpoints(dir = ROOT, prefix = '/api/account'): Endpoint[] {
  const found: Endpoint[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name;
      found.push(...endpoints(full, `${prefix}/${segment}`));
      continue;
    }
    if (!/\.(ts|js)$/.test(entry.name)) continue;
    const source = readFileSync(full, 'utf8');
    const methods = METHODS.filter((method) =>
      new RegExp(`export (const|async function|function) ${method}\\b`).test(source),
    );
    const name = entry.name.replace(/\.(ts|js)$/, '');
    const pattern = name === 'index' ? prefix : `${prefix}/${name}`;
    found.push({ route: (fill) => pattern.replace(/\[(\.\.\.)?[^\]]+\]/g, fill), methods });
  }
  return found;
}

const ALL = endpoints();
const FILLS = ['1', '999999', 'abc', '-1', '%00', '1.5'];

async function send(
  request: APIRequestContext,
  method: Method,
  url: string,
  headers: Record<string, string>,
  data?: string,
) {
  return request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }), maxRedirects: 0 });
}

test('the account area has endpoints to check', () => {
  expect(ALL.length).toBeGreaterThan(0);
  for (const endpoint of ALL) expect(endpoint.methods.length, endpoint.route('x')).toBeGreaterThan(0);
});

test('without a session every account call is a 401 (JSON and form alike) and changes nothing', async ({
  request,
  baseURL,
}) => {
  for (const endpoint of ALL) {
    for (const method of endpoint.methods) {
      for (const contentType of ['application/json', 'application/x-www-form-urlencoded']) {
        const url = endpoint.route('1');
        const response = await send(
          request,
          method,
          url,
          {
            Origin: baseURL ?? '',
            'Content-Type': contentType,
            Accept: contentType === 'application/json' ? 'application/json' : 'text/html',
          },
          method === 'GET' ? undefined : contentType === 'application/json' ? '{}' : 'a=b',
        );
        if (method === 'GET' && response.status() === 303) {
          // A page the browser is sent to (the social provider's way back): to the login form instead.
          expect(response.headers()['location'], `${method} ${url}`).toMatch(/#login$/);
          continue;
        }
        expect(response.status(), `${method} ${url} (${contentType})`).toBe(401);
        expect(response.headers()['cache-control'], `${method} ${url}`).toBe('no-store');
      }
    }
  }
});

test('signed in, a state-changing call from another site is a 403', async ({ page, baseURL }) => {
  await page.goto('/');
  // Refused calls change nothing, so the seed's plain account serves.
  await signIn(page, '380672223344', 'demo-password');
  for (const endpoint of ALL) {
    for (const method of endpoint.methods.filter((m) => m !== 'GET')) {
      for (const headers of [
        { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
        { Origin: 'https://evil.example' },
        {},
      ]) {
        const url = endpoint.route('1');
        const response = await send(
          page.request,
          method,
          url,
          { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          'a=b',
        );
        expect(response.status(), `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
  }
  expect(baseURL).toBeTruthy();
});

test('signed in, any body to any account endpoint is answered without a 5xx', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await registerShopper(page);
  const calls = ALL.flatMap((endpoint) => endpoint.methods.map((method) => ({ endpoint, method })));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...calls),
      fc.constantFrom(...FILLS),
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
      fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.json({ maxDepth: 3 }),
        fc
          .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }))
          .map((v) => new URLSearchParams(v).toString()),
        fc.constant('x'.repeat(40_000)),
      ),
      async ({ endpoint, method }, fill, contentType, data) => {
        const url = endpoint.route(fill);
        const response = await send(
          page.request,
          method,
          url,
          { Origin: baseURL ?? '', 'Content-Type': contentType },
          method === 'GET' ? undefined : data,
        );
        expect(response.status(), `${method} ${url} ${contentType} ${data.slice(0, 80)}`).toBeLessThan(500);
      },
    ),
    { numRuns: 200 },
  );
});

/** The shop's other order and city posts (issue 25): the JSON endpoint and the three no-JS forms. */
const ORDER_POSTS = ['/api/basket/one-click', '/one-click', '/ua/basket/one-click', '/delivery-city'];

test('the one-click and delivery-city posts refuse another site, and no body makes a 5xx', async ({ request }) => {
  for (const url of ORDER_POSTS) {
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      { Origin: 'https://evil.example' },
      {},
    ]) {
      const response = await send(
        request,
        'POST',
        url,
        { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        'phone=0501234567',
      );
      expect(response.status(), `${url} ${JSON.stringify(headers)}`).toBe(403);
    }
  }
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ORDER_POSTS),
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
      fc.oneof(fc.json(), fc.string({ maxLength: 200 })),
      async (url, contentType, body) => {
        const response = await send(request, 'POST', url, { Origin: origin, 'Content-Type': contentType }, body);
        expect(response.status(), `${url} ${contentType} ${body}`).toBeLessThan(500);
      },
    ),
    { numRuns: 60, seed: 20261128 },
  );
});
