import { expect, test } from './fixtures.ts';
import { E2E_REVALIDATE_SECRET } from '../../playwright.config.ts';

// Invalidation drops entries other tests might be probing, so these run one after another.
test.describe.configure({ mode: 'serial' });

const auth = { Authorization: `Bearer ${E2E_REVALIDATE_SECRET}` };
const cacheStatus = async (request: import('@playwright/test').APIRequestContext, path: string) =>
  (await request.get(path)).headers()['x-astro-cache'];

test('the main page is served from the route cache on the second request', async ({ request }) => {
  await request.get('/ua/?cache-probe=1');
  const second = await request.get('/ua/?cache-probe=1');
  expect(second.headers()['x-astro-cache']).toBe('HIT');
  expect(second.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
});

test('POST /api/revalidate refuses a request without the shared secret', async ({ request }) => {
  for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: E2E_REVALIDATE_SECRET }]) {
    const response = await request.post('/api/revalidate', { headers, data: { tags: ['main-page'] } });
    expect(response.status()).toBe(401);
  }
});

test('POST /api/revalidate rejects a body without tags or paths', async ({ request }) => {
  for (const data of [{}, { tags: [] }, { paths: ['no-slash'] }, { tags: 'main-page' }]) {
    const response = await request.post('/api/revalidate', { headers: auth, data });
    expect(response.status(), JSON.stringify(data)).toBe(400);
  }
});

test('a tag invalidation makes the next request render afresh, then it is cached again', async ({ request }) => {
  await request.get('/?tag-probe=1');
  expect(await cacheStatus(request, '/?tag-probe=1')).toBe('HIT');
  const response = await request.post('/api/revalidate', { headers: auth, data: { tags: ['main-page'] } });
  expect(response.status()).toBe(200);
  // No CDN is configured in e2e runs, so nothing is forwarded.
  expect(await response.json()).toEqual({ invalidated: { tags: ['main-page'], paths: [] }, cdn: 'off' });
  expect(await cacheStatus(request, '/?tag-probe=1')).toBe('MISS');
  expect(await cacheStatus(request, '/?tag-probe=1')).toBe('HIT');
});

test('a path invalidation drops that page only', async ({ request }) => {
  await request.get('/ua/');
  await request.get('/');
  expect(await cacheStatus(request, '/ua/')).toBe('HIT');
  const response = await request.post('/api/revalidate', { headers: auth, data: { paths: ['/ua/'] } });
  expect(response.status()).toBe(200);
  expect(await cacheStatus(request, '/ua/')).toBe('MISS');
  expect(await cacheStatus(request, '/')).toBe('HIT');
});
