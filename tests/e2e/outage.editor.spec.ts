import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures.ts';
import { E2E_EDITOR_TOKEN } from '../../playwright.config.ts';
import { pageSchema } from '../../src/api/schemas/content.ts';
import { editorIndexSchema } from '../../src/api/schemas/contentEditor.ts';

/**
 * The editor during a content-service outage, through real HTTP end to end: a second shop process
 * (`node scripts/start.ts` on the e2e server's build, SHOP_SKIP_BUILD=1 so it never rebuilds the
 * directory the e2e server is serving) whose CONTENT_API_URL is a proxy started here. The proxy forwards to the e2e server's content service and, on demand, fails
 * its reads the ways an outage does (500, a 404 that is not the service's, a body that is not JSON
 * or not the schema, a reset connection) while still forwarding writes, the worst case: a blind
 * save would reach the real service. It records every write it sees; none may arrive.
 *
 * The file name ends in `editor.spec.ts`, so it runs in the editor project (playwright.config.ts),
 * after the tests that compare pages with the services, like every test that could change content.
 */
test.describe.configure({ mode: 'serial' });

type Fault = 'pass' | '500' | 'html404' | 'garbage' | 'schema' | 'reset';
const FAULTS: Fault[] = ['500', 'html404', 'garbage', 'schema', 'reset'];

let fault: Fault = 'pass';
const writes: string[] = [];
let proxy: http.Server | null = null;
let shop: ChildProcess | null = null;
let shopUrl = '';
let mainUrl = '';
let dataDir = '';
/** Browser contexts on the second shop, closed after each test. */
const contexts: BrowserContext[] = [];
const editorAuth = { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` };

function portOf(server: http.Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy is not listening on TCP');
  return address.port;
}

function injectFault(req: http.IncomingMessage, res: http.ServerResponse): void {
  const json = { 'content-type': 'application/json' };
  switch (fault) {
    case '500':
      res.writeHead(500, json).end('{"code":500,"message":"injected outage"}');
      return;
    case 'html404':
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404 Not Found</h1><p>nginx</p>');
      return;
    case 'garbage':
      res.writeHead(200, json).end('<html>maintenance</html>');
      return;
    case 'schema':
      res.writeHead(200, json).end('{"maintenance":true}');
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'pass':
      throw new Error('no fault to inject');
  }
}

/** Forwards one request to the e2e server's content service, byte for byte. */
async function forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const answer = await fetch(`${mainUrl}${req.url ?? '/'}`, {
    method,
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

async function startProxy(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') writes.push(`${method} ${req.url ?? ''}`);
    if (method === 'GET' && fault !== 'pass') {
      injectFault(req, res);
      return;
    }
    forward(req, res).catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** Starts the second shop on any free port; resolves with its URL once it says it is ready. */
async function startShop(contentApiUrl: string, buildDir: string): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    // Its own embedded services (all but content) get their own throw-away databases.
    DATA_DIR: dataDir,
    SHOP_SKIP_BUILD: '1',
    SHOP_BUILD_DIR: buildDir,
    CONTENT_API_URL: contentApiUrl,
  };
  // Playwright's own loader hooks are for its workers, not for a plain Node server.
  delete env['NODE_OPTIONS'];
  const root = resolve(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const lines = child.stdout ? createInterface({ input: child.stdout }) : null;
  if (!lines) throw new Error('no stdout from the second shop');
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the second shop did not start:\n${output.join('')}`)), 120_000);
    lines.on('line', (line) => {
      output.push(line);
      const ready = /shop ready at (http:\/\/[^/\s]+)\//.exec(line);
      if (ready?.[1]) {
        clearTimeout(timer);
        done(ready[1]);
      }
    });
    child.once('exit', (code) => fail(new Error(`the second shop exited (${String(code)}):\n${output.join('\n')}`)));
  });
  return { child, url };
}

test.beforeAll(async ({}, testInfo) => {
  // The second shop seeds its own databases before it listens.
  testInfo.setTimeout(150_000);
  const base = testInfo.project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  mainUrl = base;
  // Where playwright.config.ts builds for this port (the e2e server serves that build).
  const port = Number(new URL(base).port);
  const buildDir = port === 4399 ? 'dist' : `dist-e2e-${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'bbs-e2e-outage-'));
  proxy = await startProxy();
  const started = await startShop(`http://127.0.0.1:${portOf(proxy)}/svc/content`, buildDir);
  shop = started.child;
  shopUrl = started.url;
});

test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const child = shop;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (proxy) {
    proxy.closeAllConnections();
    const server = proxy;
    await new Promise<void>((done) => server.close(() => done()));
  }
});

test.beforeEach(() => {
  fault = 'pass';
  writes.length = 0;
});

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function shopContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: shopUrl });
  contexts.push(context);
  return context;
}

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await shopContext(browser);
  const page = await context.newPage();
  await page.goto('/editor');
  await page.getByLabel('Ключ редактора').fill(E2E_EDITOR_TOKEN);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Контент' })).toBeVisible();
  return page;
}

/** The stored Russian bonus-rules page, read from the e2e server's content service directly. */
async function storedBonusRules(): Promise<unknown> {
  const response = await fetch(`${mainUrl}/svc/content/admin/page/bbs/bonus-rules/ru`, { headers: editorAuth });
  return pageSchema.parse(await response.json());
}

test('during an outage every edit screen shows the error and no form, whatever the failure', async ({ browser }) => {
  const index = editorIndexSchema.parse(
    await (await fetch(`${mainUrl}/svc/content/admin/index/bbs`, { headers: editorAuth })).json(),
  );
  const post = index.posts[0];
  const promotion = index.promotions[0];
  if (!post || !promotion) throw new Error('the seed has no posts or promotions');
  const screens = [
    '/editor/page/bonus-rules/ru',
    '/editor/block/main_description/ru',
    '/editor/slider/main-page-slider/ru',
    `/editor/post/${post.group === 1 ? 'news' : 'blog'}/${post.slug}`,
    `/editor/promotion/${promotion.slug}`,
  ];
  const page = await signedInPage(browser);

  // Through the proxy, with no fault, each screen is the ordinary form of an existing thing.
  for (const path of screens) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.getByRole('button', { name: /^Сохранить/ }).first(), path).toBeVisible();
    await expect(page.getByText('Такого ещё нет'), path).toHaveCount(0);
  }

  for (const mode of FAULTS) {
    fault = mode;
    for (const path of screens) {
      const response = await page.goto(path);
      expect(response?.status(), `${mode} ${path}`).toBe(503);
      expect(response?.headers()['retry-after'], `${mode} ${path}`).toBe('30');
      await expect(page.getByTestId('editor-unavailable'), `${mode} ${path}`).toContainText(
        'Не удалось узнать у сервиса контента',
      );
      await expect(page.locator('main form'), `${mode} ${path}`).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Сохранить|Удалить|Добавить/ }), `${mode} ${path}`).toHaveCount(0);
      await expect(page.getByText('Такого ещё нет'), `${mode} ${path}`).toHaveCount(0);
    }
    // The list, too: without it there is nothing to open or create from.
    expect((await page.goto('/editor'))?.status(), mode).toBe(503);
    await expect(page.getByRole('alert'), mode).toContainText('Не удалось загрузить список из сервиса контента');
    await expect(page.locator('main form'), mode).toHaveCount(0);
  }
  expect(writes).toEqual([]);
});

test('a save posted during an outage is not sent, and the text typed is kept for copying', async ({ browser }) => {
  const before = await storedBonusRules();
  const page = await signedInPage(browser);
  // The form was opened before the outage; the editor saves after it began.
  await page.goto('/editor/page/bonus-rules/ru');
  const title = `Правила, сохранённые вслепую ${Date.now().toString(36)}`;
  await page.getByLabel('Заголовок').fill(title);
  fault = '500';
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Сохранить' }).click(),
  ]);
  expect(saved.status()).toBe(503);
  await expect(page.getByTestId('editor-unavailable')).toContainText('Изменения не отправлены');
  const kept = page.getByRole('textbox', { name: 'Заголовок', exact: true });
  await expect(kept).toHaveValue(title);
  await expect(kept).toHaveAttribute('readonly', '');
  await expect(page.locator('main form')).toHaveCount(0);

  // A hand-made post (a tab from an older release, a script) is refused the same way.
  for (const mode of FAULTS) {
    fault = mode;
    const posted = await page.request.post('/editor/block/main_description/ru', {
      headers: { Origin: shopUrl },
      form: { expected: 'new', formatName: 'text', contentFormatted: '<p>blind</p>', action: 'save' },
      maxRedirects: 0,
    });
    expect(posted.status(), mode).toBe(503);
  }
  expect(writes).toEqual([]);
  fault = 'pass';
  expect(await storedBonusRules()).toEqual(before);
});

test('a form shown as "new" never replaces what was created meanwhile', async ({ browser }) => {
  const page = await signedInPage(browser);
  const posted = await page.request.post('/editor/page/bonus-rules/ru', {
    headers: { Origin: shopUrl },
    form: { expected: 'new', title: 'Пустая новая страница', content: '', action: 'save' },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(409);
  expect(await posted.text()).toContain('уже создали');
  expect(writes).toEqual([]);
});

test('sign-in during an outage says the service is down, and starts no session', async ({ browser }) => {
  fault = '500';
  const context = await shopContext(browser);
  const page = await context.newPage();
  await page.goto('/editor');
  await page.getByLabel('Ключ редактора').fill(E2E_EDITOR_TOKEN);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Сервис контента сейчас не отвечает, поэтому ключ не проверить. Попробуйте войти чуть позже.',
  );
  expect(await context.cookies()).toEqual([]);
});
