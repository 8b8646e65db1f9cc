import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { getUser, login } from '../../src/api/user.ts';
import { addChildAction, deleteChildAction, updateChildAction } from '../../src/server/account/childActions.ts';
import {
  addLocationAction,
  defaultLocationAction,
  deleteLocationAction,
  updateLocationAction,
} from '../../src/server/account/locationActions.ts';
import {
  emailAction,
  emailResendAction,
  languageAction,
  passwordAction,
  profileAction,
} from '../../src/server/account/profileActions.ts';
import {
  socialConnectAction,
  socialConnectCallback,
  socialDisconnectAction,
} from '../../src/server/account/socialLinks.ts';
import type { AuthContext } from '../../src/server/session/authContext.ts';
import { createSomeServices, type SomeServices } from '../../src/services/index.ts';
import { FakeSession } from '../unit/support/authFakes.ts';
import { embeddedBaseUrls, endpointKit, throughMiddleware } from './endpointSupport.ts';

/**
 * The account endpoints (src/pages/api/account/**, their flows in src/server/account) over the
 * embedded user and delivery services: refused without a session or from another origin, another
 * shopper's ids change nothing, and no body — form or JSON, random, malformed or oversized — is
 * ever answered with a 5xx.
 */

const A = { login: '380501112233', password: 'demo-password' };
const B = { login: '380672223344', password: 'demo-password' };
const KYIV = 9812;

let services: SomeServices;

beforeAll(async () => {
  services = await createSomeServices(['user', 'delivery'], { dataDir: ':memory:', seed: { seed: 42, products: 1 } });
});
afterAll(() => services.close());

const { context, signedIn } = endpointKit({
  services: () => services,
  path: '/api/account/x',
  clientIp: '203.0.113.50',
});
const baseUrls = embeddedBaseUrls;

async function userOf(who: { login: string; password: string }) {
  const anonymous = createHttpClient({ baseUrls, fetch: services.fetch, locale: 'ru' });
  const { token } = await login(anonymous, who, { clientIp: '203.0.113.51' });
  const client = createHttpClient({
    baseUrls,
    fetch: services.fetch,
    locale: 'ru',
    tokens: { get: () => ({ token, refreshToken: null }), set: () => {} },
  });
  return getUser(client);
}

const VALID_LOCATION = {
  cityId: KYIV,
  deliveryMethodSlug: 'im-courier',
  street: 'Хрещатик',
  building: '1',
  apartment: '2',
};
const VALID_CHILD = { name: 'Оля', gender: 'girl', birthDate: '2021-04-05' };

/** Every endpoint's action, with a body it accepts (the fuzz replaces its fields). */
type Run = (ctx: AuthContext) => Promise<Response>;
const ENDPOINTS: readonly { name: string; run: Run; valid: Record<string, unknown> }[] = [
  { name: 'profile', run: (ctx) => profileAction.run(ctx), valid: { firstName: 'Олена' } },
  { name: 'language', run: (ctx) => languageAction.run(ctx), valid: { language: 'uk' } },
  { name: 'email', run: (ctx) => emailAction.run(ctx), valid: { email: 'x@example.com' } },
  { name: 'email/resend', run: (ctx) => emailResendAction.run(ctx), valid: {} },
  {
    name: 'password',
    run: (ctx) => passwordAction.run(ctx),
    valid: { password: 'wrong-one', newPassword: 'another-1', newPasswordRepeat: 'another-1' },
  },
  { name: 'social/connect', run: (ctx) => socialConnectAction.run(ctx), valid: { provider: 'google' } },
  {
    name: 'social/disconnect',
    run: (ctx) => socialDisconnectAction.run(ctx),
    valid: { provider: 'facebook' },
  },
  { name: 'locations', run: (ctx) => addLocationAction.run(ctx), valid: VALID_LOCATION },
  {
    name: 'locations/{id}',
    run: (ctx) => updateLocationAction.run(ctx, { id: String(999_999) }),
    valid: VALID_LOCATION,
  },
  { name: 'locations/{id}/delete', run: (ctx) => deleteLocationAction.run(ctx, { id: String(999_999) }), valid: {} },
  { name: 'locations/{id}/default', run: (ctx) => defaultLocationAction.run(ctx, { id: String(999_999) }), valid: {} },
  { name: 'children', run: (ctx) => addChildAction.run(ctx), valid: VALID_CHILD },
  { name: 'children/{id}', run: (ctx) => updateChildAction.run(ctx, { id: String(999_999) }), valid: VALID_CHILD },
  { name: 'children/{id}/delete', run: (ctx) => deleteChildAction.run(ctx, { id: String(999_999) }), valid: {} },
];

/** A form's fields as strings (what a browser posts). */
function asForm(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));
}

describe('every account endpoint', () => {
  it.each(ENDPOINTS)(
    '$name: no session is a 401 (JSON for JSON, a page with the way to log in for a form)',
    async ({ run, valid }) => {
      const json = await run(context(new FakeSession(), { body: { json: valid } }));
      expect(json.status).toBe(401);
      expect(json.headers.get('Cache-Control')).toBe('no-store');
      expect(endpointRefusalSchema.parse(await json.json())).toMatchObject({
        code: 401,
        message: 'Войдите в личный кабинет, чтобы продолжить.',
      });
      const form = await run(context(new FakeSession(), { body: { form: asForm(valid) }, locale: 'uk' }));
      expect(form.status).toBe(401);
      expect(form.headers.get('Content-Type')).toContain('text/html');
      expect(await form.text()).toContain('href="/ua/#login"');
    },
  );

  it.each(ENDPOINTS)(
    '$name: a request from another site never reaches it (the middleware: 403)',
    async ({ run, valid }) => {
      const session = await signedIn(A);
      const before = await userOf(A);
      for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }]) {
        const response = await throughMiddleware(context(session, { body: { form: asForm(valid) }, headers }), run);
        expect(response.status).toBe(403);
      }
      const withoutFetchSite = new Request('http://shop.test/api/account/x', {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      });
      const refused = await throughMiddleware({ ...context(session), request: withoutFetchSite }, run);
      expect(refused.status).toBe(403);
      expect(endpointRefusalSchema.parse(await refused.json())).toEqual({
        code: 403,
        message: 'Запрос отклонён: он отправлен не со страницы магазина.',
        fields: [],
      });
      expect(await userOf(A)).toEqual(before);
    },
  );

  it.each(ENDPOINTS)('$name: random, malformed and oversized bodies are never a 5xx', async ({ run, valid }) => {
    const session = await signedIn(B);
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.string()),
      fc.object(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ json: fc.jsonValue() }),
          fc.record({
            raw: fc.string(),
            type: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
          }),
          fc.record({
            form: fc.dictionary(
              fc.constantFrom(...Object.keys(valid), 'x', 'birthDay', 'birthMonth', 'birthYear', 'cityId'),
              fc.string(),
            ),
          }),
          fc
            .tuple(fc.constantFrom(...Object.keys(valid), 'body'), anyValue)
            .map(([field, value]) => ({ json: { ...valid, [field]: value } })),
        ),
        async (body) => {
          const response = await run(context(session, { body }));
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 20 },
    );
    const huge = 'a'.repeat(20 * 1024);
    expect((await run(context(session, { body: { raw: huge, type: 'application/json' } }))).status).toBe(413);
    expect((await run(context(session, { body: { form: { firstName: huge } } }))).status).toBe(413);
  });
});

describe("another shopper's ids", () => {
  it("B cannot change, delete or make default A's location, nor change or delete A's child", async () => {
    const sessionA = await signedIn(A);
    const sessionB = await signedIn(B);
    expect((await addLocationAction.run(context(sessionA, { body: { json: VALID_LOCATION } }))).status).toBe(200);
    expect((await addChildAction.run(context(sessionA, { body: { json: VALID_CHILD } }))).status).toBe(200);
    const before = await userOf(A);
    const location = before.locations.at(-1);
    const child = before.children.at(-1);
    if (!location || !child) throw new Error('A has no location or child');

    const attempts: [string, Run][] = [
      ['update location', (ctx) => updateLocationAction.run(ctx, { id: String(location.id) })],
      ['delete location', (ctx) => deleteLocationAction.run(ctx, { id: String(location.id) })],
      ['default location', (ctx) => defaultLocationAction.run(ctx, { id: String(location.id) })],
      ['update child', (ctx) => updateChildAction.run(ctx, { id: String(child.id) })],
      ['delete child', (ctx) => deleteChildAction.run(ctx, { id: String(child.id) })],
    ];
    for (const [what, run] of attempts) {
      const body = what.includes('child') ? { ...VALID_CHILD, name: 'Чужий' } : { ...VALID_LOCATION, street: 'Чужа' };
      const response = await run(context(sessionB, { body: { json: body } }));
      expect(response.status, what).toBe(404);
      expect(endpointRefusalSchema.parse(await response.json()).message).toBe(
        'Запись не найдена: возможно, она уже удалена.',
      );
    }
    const after = await userOf(A);
    expect(after.locations).toEqual(before.locations);
    expect(after.children).toEqual(before.children);
  });
});

describe('a form post comes back to its page (post/redirect/get)', () => {
  it("done: a 303 to the page's form, with the message as a flash", async () => {
    const session = await signedIn(A);
    const response = await addChildAction.run(
      context(session, {
        body: { form: { name: 'Марко', gender: 'boy', birthDay: '31', birthMonth: '4', birthYear: '2020' } },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/profile/children#child-new');
    expect(session.data.get('accountFlash')).toMatchObject({
      form: 'child-new',
      ok: true,
      message: 'Ребёнок добавлен',
    });
    // Spec §5: 31 April is no day: the day went back to 1.
    expect((await userOf(A)).children.at(-1)).toMatchObject({ name: 'Марко', birthDate: '2020-04-01' });
  });

  it('refused: the problems per field and what was typed, never a password, on the Ukrainian page', async () => {
    const session = await signedIn(B);
    const response = await passwordAction.run(
      context(session, {
        locale: 'uk',
        body: {
          form: { password: 'secret-typed', newPassword: 'abcdefg', newPasswordRepeat: 'abcdefX', note: 'kept' },
        },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/ua/profile#password');
    const flash = session.data.get('accountFlash');
    expect(flash).toMatchObject({ ok: false, fields: { newPasswordRepeat: 'Не співпадає' }, values: { note: 'kept' } });
    expect(JSON.stringify(flash)).not.toContain('secret-typed');
  });

  it('a wrong current password shows on its field; a service refusal on the field it names', async () => {
    const session = await signedIn(B);
    const wrong = await passwordAction.run(
      context(session, {
        body: { json: { password: 'not-it-1', newPassword: 'abcdefg', newPasswordRepeat: 'abcdefg' } },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(endpointRefusalSchema.parse(await wrong.json())).toEqual({
      code: 400,
      message: 'Неверный пароль',
      fields: [{ field: 'password', message: 'Неверный пароль' }],
    });
    const due = await profileAction.run(
      context(session, { body: { json: { firstName: 'Андрій', pregnancyDueDate: '2001-01-01' } } }),
    );
    expect(due.status).toBe(400);
    expect(endpointRefusalSchema.parse(await due.json()).fields).toEqual([
      { field: 'pregnancyDueDate', message: 'Дата должна быть сегодня или позже' },
    ]);
  });

  it('a location takes its names from the delivery service, and an unknown branch is refused on its field', async () => {
    const session = await signedIn(B);
    const refusedBranch = await addLocationAction.run(
      context(session, {
        body: { json: { cityId: KYIV, deliveryMethodSlug: 'np-warehouse', branchRef: 'no-such-ref' } },
      }),
    );
    expect(refusedBranch.status).toBe(400);
    expect(endpointRefusalSchema.parse(await refusedBranch.json()).fields.map((f) => f.field)).toEqual(['branchRef']);
    const added = await addLocationAction.run(context(session, { body: { json: VALID_LOCATION } }));
    expect(added.status).toBe(200);
    expect((await userOf(B)).locations.at(-1)).toMatchObject({
      cityId: KYIV,
      city: 'Киев',
      type: 2,
      street: 'Хрещатик',
    });
  });
});

describe('connecting a social login', () => {
  it('goes to the provider with a one-use state; a callback without it connects nothing', async () => {
    const session = await signedIn(B);
    const start = await socialConnectAction.run(context(session, { body: { form: { provider: 'google' } } }));
    expect(start.status).toBe(303);
    const target = new URL(start.headers.get('Location') ?? '', 'http://shop.test');
    expect(target.pathname).toBe('/svc/user/sandbox/oauth/authorize');
    expect(target.searchParams.get('redirect_uri')).toBe(
      'http://shop.test/api/account/social/callback?provider=google',
    );
    const state = target.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f-]{36}$/);

    const forged = await socialConnectCallback.run({
      ...context(session),
      url: new URL('http://shop.test/api/account/social/callback?provider=google&code=abc&state=forged'),
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('Location')).toBe('/profile#social-logins');
    expect(session.data.get('accountFlash')).toMatchObject({
      ok: false,
      message: 'Не удалось привязать социальную сеть. Попробуйте ещё раз.',
    });
    // The state was spent by the forged try: the real one is refused too.
    const late = await socialConnectCallback.run({
      ...context(session),
      url: new URL(`http://shop.test/api/account/social/callback?provider=google&code=abc&state=${state ?? ''}`),
    });
    expect(session.data.get('accountFlash')).toMatchObject({ ok: false });
    expect(late.status).toBe(303);
    expect((await userOf(B)).oauthProviders).toEqual([]);
  });

  it('without a session goes to the login form', async () => {
    const response = await socialConnectCallback.run({
      ...context(new FakeSession(), { locale: 'uk' }),
      url: new URL('http://shop.test/api/account/social/callback?provider=google&code=abc&state=x'),
    });
    expect(response.headers.get('Location')).toBe('/ua/#login');
  });
});

describe('language and e-mail', () => {
  it('a language chosen on the Russian page leads to the Ukrainian profile, with the message in Ukrainian', async () => {
    const session = await signedIn(B);
    const response = await languageAction.run(context(session, { body: { form: { language: 'uk' } } }));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/ua/profile#language');
    expect(session.data.get('accountFlash')).toMatchObject({ ok: true, message: 'Мову збережено' });
    expect((await userOf(B)).language).toBe('uk');
    await languageAction.run(context(session, { body: { json: { language: 'ru' } } }));
    expect((await userOf(B)).language).toBe('ru');
  });

  it('an address waits for its link; a bad one is refused with the spec’s text', async () => {
    const session = await signedIn(A);
    const bad = await emailAction.run(context(session, { body: { json: { email: 'not-an-address' } } }));
    expect(bad.status).toBe(400);
    expect(endpointRefusalSchema.parse(await bad.json()).fields).toEqual([
      { field: 'email', message: "Поле 'Е-mail' должно быть действительным электронным адресом" },
    ]);
    const sent = await emailAction.run(context(session, { body: { json: { email: 'olena.new@example.com' } } }));
    expect(sent.status).toBe(200);
    expect((await userOf(A)).pendingEmail).toBe('olena.new@example.com');
  });
});
