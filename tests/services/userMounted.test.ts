import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import { SANDBOX_SECURITY_TOKEN, sandboxOutboxSchema } from '../../src/api/schemas/user.ts';
import { forgotPassword, getUserConfig, login, registerByPhone } from '../../src/api/user.ts';
import { createSomeServices } from '../../src/services/index.ts';
import type { SomeServices } from '../../src/services/index.ts';
import { DEMO_PASSWORD, DEMO_PHONE } from './userSupport.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';

/**
 * The user service as the storefront mounts it (src/services/index.ts, under /svc/user): seeded with
 * the demo accounts on first start, its sandbox outboxes at the binding paths /svc/user/sandbox/sms
 * and /svc/user/sandbox/email, the social links pointing at the mounted sandbox provider.
 */
let services: SomeServices;
let client: HttpClient;

beforeAll(async () => {
  services = await createSomeServices(['user'], { dataDir: ':memory:', seed: { seed: 42, products: 10 } });
  client = createHttpClient({
    baseUrls: embeddedBaseUrls,
    locale: 'ru',
    fetch: services.fetch,
  });
});
afterAll(() => services.close());

const get = (path: string) => services.fetch(new Request(`http://shop.test${path}`));

describe('the mounted user service', () => {
  it('is seeded with the demo accounts on first start', async () => {
    expect(services.seeded?.users).toBe(2);
    expect((await login(client, { login: DEMO_PHONE, password: DEMO_PASSWORD })).profile.firstName).toBe('Олена');
  });

  it('serves the SMS outbox at /svc/user/sandbox/sms', async () => {
    await forgotPassword(client, DEMO_PHONE);
    const answer = await get(`/svc/user/sandbox/sms?phone=${DEMO_PHONE}`);
    expect(answer.status).toBe(200);
    const { items } = sandboxOutboxSchema.parse(await answer.json());
    expect(items[0]?.text).toMatch(/^\d{6} — код восстановления пароля/);
    expect((await get('/svc/user/sandbox/sms?phone=12345')).status).toBe(400);
  });

  it('serves the e-mail outbox at /svc/user/sandbox/email', async () => {
    await registerByPhone(client, {
      phone: '380971112299',
      firstName: 'Зоя',
      email: 'zoia@example.com',
      securityToken: SANDBOX_SECURITY_TOKEN,
    });
    const answer = await get('/svc/user/sandbox/email?to=zoia%40example.com');
    expect(answer.status).toBe(200);
    // The address waits for the phone: its link is mailed once the registration code is confirmed.
    expect(sandboxOutboxSchema.parse(await answer.json()).items).toEqual([]);
  });

  it('links the social providers to the mounted sandbox page', async () => {
    const config = await getUserConfig(client);
    expect(config.oauthLinks.map((l) => l.url)).toEqual([
      '/svc/user/sandbox/oauth/authorize?provider=google',
      '/svc/user/sandbox/oauth/authorize?provider=facebook',
    ]);
    const page = await get('/svc/user/sandbox/oauth/authorize?provider=google');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
