import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type ApiErrorKind } from '../../src/api/apiError.ts';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createContentEditorApi, isTokenRefused } from '../../src/api/contentEditor.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { failureReason, readStored, writeRefusal } from '../../src/server/editor/storedState.ts';
import type { ExpectedState, StoredState } from '../../src/server/editor/storedState.ts';
import { createServices, type Services } from '../../src/services/index.ts';

/**
 * "Only the content service's 404 means new; anything else is an error", through the real path:
 * the editor client over HTTP to a stub that either forwards to the real (in-memory) content
 * service or fails the way an outage does.
 */

const TOKEN = 'unit-editor-token';
type Fault = 'pass' | '500' | 'html404' | 'garbage' | 'schema' | 'reset' | 'hang' | '401';

let services: Services;
let stub: http.Server;
let stubUrl = '';
let fault: Fault = 'pass';

/** The port a server listens on (it listens on 0: any free port). */
function portOf(server: http.Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the server is not listening on TCP');
  return address.port;
}

async function forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const answer = await services.fetch(new Request(`http://embedded.local/svc/content${req.url ?? '/'}`, { headers }));
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  res.end(await answer.text());
}

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  switch (fault) {
    case 'pass':
      void forward(req, res);
      return;
    case '500':
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":500,"message":"database is locked"}');
      return;
    case 'html404':
      // A gateway or a wrong base URL: a 404, but not the service saying "no such page".
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    case 'garbage':
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
      return;
    case 'schema':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"slug":"bonus-rules"}');
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      return;
    case '401':
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"message":"bad token"}');
      return;
  }
}

beforeAll(async () => {
  services = await createServices({ dataDir: ':memory:', editorToken: TOKEN });
  stub = http.createServer(answer);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${portOf(stub)}`;
});

afterAll(async () => {
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  services.close();
});

const api = (url = stubUrl) =>
  createContentEditorApi(serviceBaseUrls({ CONTENT_API_URL: url }), TOKEN, { timeoutMs: 300 });

async function readPage(slug: string, mode: Fault): Promise<StoredState<unknown>> {
  fault = mode;
  return readStored(() => api().page(slug, 'ru'));
}

describe('an edit page reads what it edits: only the service 404 means "new"', () => {
  it('an existing page is existing', async () => {
    const stored = await readPage('bonus-rules', 'pass');
    expect(stored).toMatchObject({ kind: 'existing', value: { slug: 'bonus-rules', locale: 'ru' } });
  });

  it("the service's own 404 is new", async () => {
    expect(await readPage('no-such-page-yet', 'pass')).toEqual({ kind: 'new' });
  });

  const failures: Array<[Fault, ApiErrorKind, number]> = [
    ['500', 'http', 500],
    ['html404', 'http', 404],
    ['garbage', 'parse', 200],
    ['schema', 'parse', 200],
    ['reset', 'network', 0],
    ['hang', 'timeout', 0],
    ['401', 'http', 401],
  ];
  it.each(failures)('a %s answer is unavailable (%s), never new', async (mode, kind, status) => {
    const stored = await readPage('bonus-rules', mode);
    expect(stored.kind).toBe('unavailable');
    if (stored.kind !== 'unavailable') return;
    expect(isApiError(stored.error) && { kind: stored.error.kind, status: stored.error.status }).toEqual({
      kind,
      status,
    });
    // A refused token signs the editor out instead of showing an outage.
    expect(isTokenRefused(stored.error)).toBe(mode === '401');
  });

  it('a refused connection is unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = portOf(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const stored = await readStored(() => api(`http://127.0.0.1:${port}`).block('main_description', 'ru'));
    expect(stored.kind).toBe('unavailable');
    if (stored.kind === 'unavailable') expect(isApiError(stored.error) && stored.error.kind).toBe('network');
  });

  it('every read of the five screens follows the rule', async () => {
    fault = 'pass';
    const client = api();
    const index = await client.index();
    const post = index.posts[0];
    const promotion = index.promotions[0];
    if (!post || !promotion) throw new Error('the seed has no posts or promotions');
    const reads: Array<() => Promise<unknown>> = [
      () => client.block('main_description', 'ru'),
      () => client.page('bonus-rules', 'ru'),
      () => client.slider('main-page-slider', 'ru'),
      () => client.post(post.group, post.slug),
      () => client.promotion(promotion.slug),
    ];
    for (const read of reads) expect((await readStored(read)).kind).toBe('existing');
    fault = '500';
    for (const read of reads) expect((await readStored(read)).kind).toBe('unavailable');
  });
});

describe('a write is sent only when the read answered and matches the form', () => {
  const unavailable: StoredState<string> = { kind: 'unavailable', error: new Error('down') };
  const existing: StoredState<string> = { kind: 'existing', value: 'x' };
  const fresh: StoredState<string> = { kind: 'new' };

  const cases: Array<[StoredState<string>, ExpectedState, ReturnType<typeof writeRefusal>]> = [
    [unavailable, null, 'unavailable'],
    [unavailable, 'new', 'unavailable'],
    [unavailable, 'existing', 'unavailable'],
    [existing, 'new', 'createdMeanwhile'],
    [fresh, 'existing', 'deletedMeanwhile'],
    [existing, 'existing', null],
    [fresh, 'new', null],
    [existing, null, null],
    [fresh, null, null],
  ];
  it.each(cases)('%j with the form expecting %s → %s', (stored, expected, refusal) => {
    expect(writeRefusal(stored, expected)).toBe(refusal);
  });
});

describe('the editor is told which kind of failure, in Russian', () => {
  it('names the kind without internal detail', async () => {
    const t = createT('ru');
    fault = '500';
    const failed = await readStored(() => api().page('bonus-rules', 'ru'));
    expect(failed.kind === 'unavailable' && failureReason(failed.error, t)).toBe('ответ HTTP 500');
    fault = 'garbage';
    const garbled = await readStored(() => api().page('bonus-rules', 'ru'));
    expect(garbled.kind === 'unavailable' && failureReason(garbled.error, t)).toBe('ответ в неожиданном формате');
    expect(failureReason(new Error('SECRET detail'), t)).toBe('внутренняя ошибка');
  });
});
