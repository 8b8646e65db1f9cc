import type { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';
import { isApiError } from '../../src/api/apiError.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { SANDBOX_SECURITY_TOKEN } from '../../src/api/schemas/user.ts';
import type { LoginResponse, UserError } from '../../src/api/schemas/user.ts';
import {
  confirmPhone,
  readSandboxSms,
  registerByPhone,
  setPasswordWithToken,
  userErrorOf,
} from '../../src/api/user.ts';
import { openServiceDatabase } from '../../src/services/db/serviceDatabases.ts';
import type { OutsideWorld } from '../../src/services/outside/outsideWorld.ts';
import { seedUsers } from '../../src/services/seed/users.ts';
import { createUserApp } from '../../src/services/user/userApp.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';

/**
 * The embedded user service on a fresh in-memory database with the demo users seeded, its clock
 * held by the test (codes expire and limit windows pass when the test says so), reached through the
 * contract's own client (src/api/user.ts) as the storefront reaches it: under /svc/user, the
 * shopper's address in X-Forwarded-For.
 */
export interface UserShop {
  db: DatabaseSync;
  /** An anonymous client, or one signed in with `token`; `address` is the shopper's IP. */
  client(options?: { token?: string; locale?: Locale; address?: string }): HttpClient;
  /** A raw request to the service's path (JSON body unless a string is given). */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Moves the service's clock on. */
  advance(seconds: number): void;
  now(): Date;
}

export const DEMO_PHONE = '380501112233';
/** The token the test user service takes on its internal calls (the order service's bonus payments). */
export const SERVICE_TOKEN = 'user-test-service-token';
export { DEMO_PASSWORD } from '../../src/services/seed/users.ts';

let nextAddress = 1;
/** A client address of its own for a test, so one test's codes do not count against another's limit. */
export function freshAddress(): string {
  nextAddress += 1;
  return `198.51.100.${nextAddress % 250}`;
}

let nextPhone = 0;
/** A phone no other test uses (380 67 … with a counter). */
export function freshPhone(): string {
  nextPhone += 1;
  return `38067${String(4_000_000 + nextPhone).padStart(7, '0')}`;
}

/** What the outside world is for the shop (default: every channel its sandbox, no SITE_URL). */
export interface UserShopOutside {
  outside?: OutsideWorld;
  shopUrl?: string;
  outsideTimeoutMs?: number;
}

export function createUserShop(
  start = new Date('2026-03-10T09:00:00Z'),
  addressLimitFactor = 1,
  world: UserShopOutside = {},
): UserShop {
  const db = openServiceDatabase(':memory:', 'user');
  let now = start.getTime();
  const clock = () => new Date(now);
  seedUsers(db, clock);
  const app = createUserApp(db, {
    now: clock,
    secret: 'test-secret',
    addressLimitFactor,
    serviceToken: SERVICE_TOKEN,
    ...world,
  });
  const handle = (request: Request, address: string): Promise<Response> => {
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/svc\/user/, '');
    const forwarded = new Request(url, request);
    // The storefront names the shopper's address (the contract's `clientIp`); a client of the test
    // that does not gets the address it was made with.
    if (!forwarded.headers.has('x-forwarded-for')) forwarded.headers.set('x-forwarded-for', address);
    return Promise.resolve(app.fetch(forwarded));
  };
  return {
    db,
    client: ({ token, locale = 'ru', address = '203.0.113.1' } = {}) =>
      createHttpClient({
        baseUrls: embeddedBaseUrls,
        locale,
        fetch: (request) => handle(request, address),
        ...(token ? { tokens: { get: () => ({ token, refreshToken: null }), set: () => {} } } : {}),
      }),
    call: (method, path, body, headers = {}) =>
      handle(
        new Request(`http://embedded.local/svc/user${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
        headers['x-forwarded-for'] ?? '203.0.113.9',
      ),
    advance: (seconds) => {
      now += seconds * 1000;
    },
    now: clock,
  };
}

/** The code of the newest SMS to `phone` from the sandbox outbox. */
export async function lastCode(client: HttpClient, phone: string): Promise<string> {
  const { items } = await readSandboxSms(client, phone);
  const code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** The user service's refusal of `promise` (failing the test when it succeeds or fails otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<UserError & { status: number }> {
  try {
    await promise;
  } catch (error) {
    const body = userErrorOf(error);
    if (body && isApiError(error)) return { ...body, status: error.status };
    throw error;
  }
  throw new Error('expected the user service to refuse');
}

/** Registers `phone` all the way (code, password): answers the confirm step's sign-in. */
export async function registerShopper(
  shop: UserShop,
  phone: string,
  options: { password?: string; address?: string; email?: string } = {},
): Promise<LoginResponse> {
  const client = shop.client({ address: options.address ?? freshAddress() });
  await registerByPhone(client, {
    phone,
    firstName: 'Тарас',
    securityToken: SANDBOX_SECURITY_TOKEN,
    ...(options.email ? { email: options.email } : {}),
  });
  const confirmed = await confirmPhone(client, { phone, token: await lastCode(client, phone) });
  await setPasswordWithToken(client, { token: confirmed.token, password: options.password ?? 'secret-123' });
  return confirmed.authorization;
}

/** Expects a refusal with `code` (and HTTP `status`). */
export async function expectRefusal(promise: Promise<unknown>, code: number, status: number): Promise<UserError> {
  const answer = await refusal(promise);
  expect({ code: answer.code, status: answer.status }).toEqual({ code, status });
  return answer;
}
