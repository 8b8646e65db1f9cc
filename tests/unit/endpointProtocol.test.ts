import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/apiError.ts';
import { doneAnswerSchema, endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { accountAction } from '../../src/server/account/accountEndpoint.ts';
import { defineEndpoint } from '../../src/server/endpoints/defineEndpoint.ts';
import { answer, done, refused } from '../../src/server/endpoints/outcomes.ts';
import { loginFlow } from '../../src/server/session/sessionFlows.ts';
import { readShopperTokens } from '../../src/server/session/shopperTokens.ts';
import { FakeSession, FakeUserService, PASSWORD, PHONE, authRequest } from './support/authFakes.ts';

/**
 * The one definition of the shop's endpoints (src/server/endpoints/defineEndpoint.ts): the body
 * reader (JSON or a form, size-limited, zod), the refusal envelope, who may call, post/redirect/get
 * with a flash for plain forms, and what a failed service call becomes. Tried on small definitions
 * of its own, so each rule is seen apart from any real endpoint's.
 */

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const nameSchema = z.object({ name: z.string().min(2), age: z.number().int().optional() });

/** Says hello to `name`: a body and nothing else. */
const hello = defineEndpoint({
  who: 'anyone',
  body: { schema: nameSchema },
  handle: ({ body }) => Promise.resolve(answer({ hello: body.name })),
});

function request(
  init: Parameters<typeof authRequest>[2] = {},
  service = new FakeUserService(),
  session = new FakeSession(),
) {
  return authRequest(service, session, { method: 'POST', path: '/api/test', ...init });
}

/** A session signed in through the shop's own login endpoint. */
async function signedIn(service: FakeUserService): Promise<FakeSession> {
  const session = new FakeSession();
  const body = { login: PHONE, password: PASSWORD };
  expect((await loginFlow.run(authRequest(service, session, { method: 'POST', body }))).status).toBe(200);
  return session;
}

async function envelope(response: Response) {
  return endpointRefusalSchema.parse(await response.json());
}

describe('the body reader', () => {
  it('parses JSON with the schema and hands the handler the parsed body', async () => {
    const response = await hello.run(request({ body: { name: 'Оля' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ hello: 'Оля' });
  });

  it('a body that is not JSON is a 400 naming `body`, never a 500 and never an authorization error', async () => {
    const response = await hello.run(request({ rawBody: '{"name": ' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await envelope(response)).toEqual({
      code: 400,
      message: 'Проверьте правильность заполнения полей',
      fields: [{ field: 'body', message: 'Проверьте это поле' }],
    });
  });

  it('a body the schema refuses is a 400 naming each field once, in the page’s language', async () => {
    const response = await hello.run(request({ body: { name: 'x', age: 'old' }, locale: 'uk' }));
    expect(response.status).toBe(400);
    const refusal = await envelope(response);
    expect(refusal.message).toBe('Перевірте правильність заповнення полів');
    expect(refusal.fields.map((f) => f.field)).toEqual(['name', 'age']);
  });

  it('an empty body is no fields: the schema names what is missing', async () => {
    const refusal = await envelope(await hello.run(request({ rawBody: '' })));
    expect(refusal.fields).toEqual([{ field: 'name', message: 'Проверьте это поле' }]);
  });

  it('a body over the limit is a 413, by its declared length or by what came', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(17 * 1024) });
    expect((await hello.run(request({ rawBody: big }))).status).toBe(413);
    const declared = await hello.run(request({ rawBody: '{}', headers: { 'Content-Length': String(1 << 20) } }));
    expect(declared.status).toBe(413);
    expect((await envelope(declared)).code).toBe(413);
  });

  it('a type the endpoint does not take is a 415: a form without a form reader, text unless a beacon (any type)', async () => {
    expect((await hello.run(request({ rawBody: 'name=Оля', headers: FORM }))).status).toBe(415);
    expect((await hello.run(request({ rawBody: '{}', headers: { 'Content-Type': 'text/plain' } }))).status).toBe(415);
    const beacon = defineEndpoint({
      who: 'anyone',
      body: { schema: nameSchema, beacon: true },
      handle: ({ body }) => Promise.resolve(answer(body.name)),
    });
    for (const type of ['text/plain;charset=UTF-8', 'application/octet-stream', 'application/json']) {
      const sent = await beacon.run(request({ rawBody: '{"name":"Оля"}', headers: { 'Content-Type': type } }));
      expect(await sent.json(), type).toBe('Оля');
    }
  });

  it('whatever arrives, the answer is the handler’s or a refusal (the envelope, a page for a form), never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.json()),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', ''),
        async (rawBody, type) => {
          const response = await hello.run(request({ rawBody, headers: { 'Content-Type': type } }));
          expect(response.status).toBeLessThan(500);
          expect(response.headers.get('Cache-Control')).toBe('no-store');
          // A plain form gets a page (it has no script to read JSON), anything else the envelope.
          if (response.ok) return;
          if (type.endsWith('urlencoded')) expect(response.headers.get('Content-Type')).toContain('text/html');
          else await envelope(response);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('path parameters', () => {
  const byId = defineEndpoint({
    who: 'anyone',
    params: z.object({ id: z.string().regex(/^\d+$/).transform(Number) }),
    handle: ({ params }) => Promise.resolve(answer({ id: params.id })),
  });

  it('are parsed with their schema; a refused one is a 404 before anything runs', async () => {
    expect(await (await byId.run(request(), { id: '42' })).json()).toEqual({ id: 42 });
    const missing = await byId.run(request(), { id: '../x' });
    expect(missing.status).toBe(404);
    expect((await envelope(missing)).code).toBe(404);
  });
});

describe('who may call', () => {
  const whoAmI = defineEndpoint({
    who: 'shopper',
    handle: ({ shopper }) => Promise.resolve(answer({ customerId: shopper.customerId })),
  });

  it('a shopper’s endpoint without a session is a 401 envelope for a script, a page with the way to log in for a form', async () => {
    const script = await whoAmI.run(request({ method: 'GET' }));
    expect(script.status).toBe(401);
    expect(await envelope(script)).toEqual({
      code: 401,
      message: 'Войдите в личный кабинет, чтобы продолжить.',
      fields: [],
    });
    const form = await whoAmI.run(request({ rawBody: '', headers: FORM, locale: 'uk' }));
    expect(form.status).toBe(401);
    expect(form.headers.get('Content-Type')).toContain('text/html');
    expect(await form.text()).toContain('href="/ua/#login"');
  });

  it('who may call is told before what was sent: signed out, a form to a JSON-only endpoint is a 401, not a 415', async () => {
    const jsonOnly = defineEndpoint({
      who: 'shopper',
      body: { schema: nameSchema },
      handle: ({ body }) => Promise.resolve(answer(body.name)),
    });
    expect((await jsonOnly.run(request({ rawBody: 'name=x', headers: FORM }))).status).toBe(401);
  });

  it('the handler gets the session’s shopper', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    expect(await (await whoAmI.run(authRequest(service, session))).json()).toEqual({ customerId: 7 });
  });

  it('a 401 the refresh could not cure signs the shopper out and answers 401', async () => {
    const service = new FakeUserService();
    const session = await signedIn(service);
    const dead = defineEndpoint({
      who: 'shopper',
      handle: () =>
        Promise.reject(
          new ApiError({ service: 'user', call: 'GET /x', status: 401, kind: 'http', detail: 'HTTP 401' }),
        ),
    });
    expect((await dead.run(authRequest(service, session))).status).toBe(401);
    expect(await readShopperTokens({ session })).toBeNull();
  });
});

describe('a failed service call the handler let through', () => {
  const failing = (error: unknown) =>
    defineEndpoint({ who: 'anyone', handle: () => Promise.reject(error instanceof Error ? error : new Error('?')) });
  const outage = new ApiError({ service: 'user', call: 'GET /x', status: 0, kind: 'timeout', detail: 'timed out' });

  it('is a 503 in the page’s language; anything that is no service failure is a bug and goes on (the 500 page)', async () => {
    const response = await failing(outage).run(request({ method: 'GET' }));
    expect(response.status).toBe(503);
    expect((await envelope(response)).message).toBe(
      'Сервис временно недоступен. Попробуйте ещё раз через минуту — введённое сохранено.',
    );
    await expect(failing(new TypeError('bug')).run(request({ method: 'GET' }))).rejects.toThrow('bug');
  });

  it('is the definition’s own refusal where it has one', async () => {
    const own = defineEndpoint({
      who: 'anyone',
      serviceRefusal: () => refused(409, 'ours'),
      handle: () => Promise.reject(outage),
    });
    const response = await own.run(request({ method: 'GET' }));
    expect(response.status).toBe(409);
    expect(await envelope(response)).toEqual({ code: 409, message: 'ours', fields: [] });
  });
});

describe('a plain form’s post comes back to its page (post/redirect/get with a flash)', () => {
  const service = new FakeUserService();
  /** A made-up account form: the profile page's `secret` form, done unless the name is «Нет». */
  const action = accountAction({
    page: 'profile',
    form: () => 'secret',
    schema: z.object({ name: z.string().min(2), password: z.string() }),
    fromForm: (fields) => ({ name: fields['name'] ?? '', password: fields['password'] ?? '' }),
    handle: ({ body, ctx }) =>
      Promise.resolve(
        body.name === 'Нет' ? refused(409, 'Занято', { name: 'Занято' }) : done(ctx.t('accountProfile.saved')),
      ),
  });

  async function post(fields: Record<string, string>, headers: Record<string, string> = FORM) {
    const session = await signedIn(service);
    const rawBody = new URLSearchParams(fields).toString();
    const response = await action.run(
      authRequest(service, session, { method: 'POST', rawBody, headers, locale: 'uk' }),
    );
    return { response, flash: session.data.get('accountFlash') };
  }

  it('done: 303 to the form on its page, the message kept once in the session', async () => {
    const { response, flash } = await post({ name: 'Оля', password: 'p' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/ua/profile#secret');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(flash).toEqual({ form: 'secret', ok: true, message: 'Дані збережено', fields: {}, values: {} });
  });

  it('refused by the handler or by the schema: 303 back with the problems per field and what was typed, never a password', async () => {
    const handler = await post({ name: 'Нет', password: 'typed-secret' });
    expect(handler.response.status).toBe(303);
    expect(handler.flash).toEqual({
      form: 'secret',
      ok: false,
      message: 'Занято',
      fields: { name: 'Занято' },
      values: { name: 'Нет' },
    });
    const schema = await post({ name: 'x', password: 'typed-secret' });
    expect(schema.response.headers.get('Location')).toBe('/ua/profile#secret');
    expect(schema.flash).toMatchObject({ ok: false, fields: { name: 'Перевірте це поле' }, values: { name: 'x' } });
    expect(JSON.stringify(schema.flash)).not.toContain('typed-secret');
  });

  it('the same action to a script answers JSON: done, or the envelope', async () => {
    const session = await signedIn(service);
    const ok = await action.run(authRequest(service, session, { method: 'POST', body: { name: 'Оля', password: '' } }));
    expect(doneAnswerSchema.parse(await ok.json())).toEqual({ message: 'Данные сохранены' });
    const no = await action.run(authRequest(service, session, { method: 'POST', body: { name: 'Нет', password: '' } }));
    expect(no.status).toBe(409);
    expect(await envelope(no)).toEqual({
      code: 409,
      message: 'Занято',
      fields: [{ field: 'name', message: 'Занято' }],
    });
    expect(session.data.has('accountFlash')).toBe(false);
  });
});
