import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SECURITY_TOKEN, userErrorSchema } from '../../src/api/schemas/user.ts';
import type { LoginRequest } from '../../src/api/schemas/user.ts';
import { createUserShop, registerShopper, freshPhone } from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * Every POST and PUT of the user service takes anything a client sends: the answer is a 2xx or a
 * 4xx in the contract's error shape (a 400 names the field), never a 5xx. Bodies are arbitrary JSON,
 * arbitrary text, and valid bodies with one field replaced by anything.
 */
let shop: UserShop;
let token: string;

beforeAll(async () => {
  shop = createUserShop();
  token = (await registerShopper(shop, freshPhone())).token;
});
afterAll(() => shop.db.close());

const RUNS = 25;

/** Each route with a body it accepts (the fuzz replaces its fields), and whether it needs the token. */
const ROUTES: readonly { method: 'POST' | 'PUT'; path: string; valid: Record<string, unknown>; auth: boolean }[] = [
  {
    method: 'POST',
    path: '/public/register/phone',
    valid: { phone: '380931234567', firstName: 'Іра', securityToken: SANDBOX_SECURITY_TOKEN, project: 'bbs' },
    auth: false,
  },
  {
    method: 'POST',
    path: '/public/register/phone-oauth',
    valid: { phone: '380931234568', firstName: 'Іра', oauthId: 'x', provider: 'google', project: 'bbs' },
    auth: false,
  },
  {
    method: 'POST',
    path: '/public/register/phone-confirm',
    valid: { phone: '380931234567', token: '123456' },
    auth: false,
  },
  {
    method: 'POST',
    path: '/public/register/change-password',
    valid: { token: 'x'.repeat(43), password: 'secret-1' },
    auth: false,
  },
  {
    method: 'POST',
    path: '/public/register/check-exist',
    valid: { phone: '380931234567', project: 'bbs' },
    auth: false,
  },
  {
    method: 'POST',
    path: '/public/auth/login',
    valid: { login: '380931234567', password: 'x', project: 'bbs' } satisfies LoginRequest,
    auth: false,
  },
  {
    method: 'POST',
    path: '/public/auth/forgot-password',
    valid: { phone: '380931234567', project: 'bbs' },
    auth: false,
  },
  { method: 'POST', path: '/public/user/auth/refresh', valid: { refresh_token: 'y'.repeat(43) }, auth: false },
  { method: 'POST', path: '/public/oauth/code', valid: { provider: 'google', code: 'abc' }, auth: false },
  {
    method: 'POST',
    path: '/public/e-sputnik/subscribe/1',
    valid: { email: 'a@example.com', project: 'bbs' },
    auth: false,
  },
  { method: 'PUT', path: '/public/user', valid: { firstName: 'Іра', gender: 2, birthDate: '1990-01-01' }, auth: true },
  { method: 'PUT', path: '/public/user/change-language', valid: { language: 'uk' }, auth: true },
  { method: 'PUT', path: '/public/user/set-email', valid: { email: 'fuzz@example.com' }, auth: true },
  { method: 'PUT', path: '/public/user/change-email', valid: { email: 'fuzz@example.com' }, auth: true },
  { method: 'POST', path: '/public/user/confirmation-email', valid: {}, auth: true },
  {
    method: 'PUT',
    path: '/public/user/change-password',
    valid: { password: 'x', newPassword: 'secret-2' },
    auth: true,
  },
  {
    method: 'POST',
    path: '/public/user/location',
    valid: {
      city: 'Київ',
      cityRef: 'ref',
      cityId: 9812,
      type: 1,
      deliveryMethodSlug: 'np-warehouse',
      branchRef: 'b',
      branch: '1',
    },
    auth: true,
  },
  {
    method: 'POST',
    path: '/public/user/location/default',
    valid: {
      city: 'Київ',
      cityRef: 'ref',
      cityId: 9812,
      type: 3,
      deliveryMethodSlug: 'pick-and-collect',
      shopRef: 's',
    },
    auth: true,
  },
  {
    method: 'PUT',
    path: '/public/user/location/1',
    valid: { city: 'Київ', cityRef: 'ref', cityId: 9812, type: 2 },
    auth: true,
  },
  { method: 'POST', path: '/public/user/location/default/1', valid: {}, auth: true },
  { method: 'POST', path: '/public/user/children', valid: { name: 'Ліна', gender: 'girl' }, auth: true },
  { method: 'PUT', path: '/public/user/children/1', valid: { gender: 'boy' }, auth: true },
  { method: 'POST', path: '/public/user/oauth', valid: { provider: 'facebook', code: 'abc' }, auth: true },
  { method: 'PUT', path: '/public/user/oauth/remove', valid: { provider: 'facebook' }, auth: true },
  { method: 'POST', path: '/public/user/bonus-program/member', valid: {}, auth: true },
  { method: 'POST', path: '/public/user/wish-list', valid: { title: 'Подарки' }, auth: true },
  { method: 'PUT', path: '/public/user/wish-list/1', valid: { title: 'Подарки' }, auth: true },
  { method: 'POST', path: '/public/user/wish-list/1/item', valid: { productId: 1, nomenclatureId: 2 }, auth: true },
  {
    method: 'POST',
    path: '/public/user/wish-list/move',
    valid: { sourceListId: 1, targetListId: 2, productId: 1, nomenclatureId: 2 },
    auth: true,
  },
];

async function expectNo5xx(route: (typeof ROUTES)[number], body: string): Promise<void> {
  const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` };
  if (route.auth) headers['authorization'] = `Bearer ${token}`;
  const response = await shop.call(route.method, route.path, body, headers);
  const text = await response.text();
  expect(response.status, `${route.method} ${route.path} ${body} -> ${text}`).toBeLessThan(500);
  if (response.status >= 400) {
    const error = userErrorSchema.parse(JSON.parse(text));
    expect(error.message).not.toBe('');
    if (response.status === 400 && error.code === 400) expect(error.fields.length).toBeGreaterThan(0);
  }
}

const anything = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', ' ', '380', '3805011122334', '2020-02-30', '<script>', "'; DROP TABLE customer; --", 'Ⅻ'),
);

describe('a POST or PUT never answers a 5xx', () => {
  it.each(ROUTES)('$method $path', async (route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc
            .record({ key: fc.constantFrom(...Object.keys(route.valid), '__proto__', 'constructor'), value: anything })
            .map(({ key, value }) => JSON.stringify({ ...route.valid, [key]: value })),
        ),
        (body) => expectNo5xx(route, body),
      ),
      { numRuns: RUNS },
    );
  });

  it('a body beyond 16 KB is a 413', async () => {
    const response = await shop.call('POST', '/public/auth/login', JSON.stringify({ login: 'x'.repeat(20_000) }));
    expect(response.status).toBe(413);
    expect(userErrorSchema.parse(await response.json()).code).toBe(413);
  });
});
