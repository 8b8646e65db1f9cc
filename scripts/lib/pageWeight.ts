/**
 * What a first visit downloads before any interaction, measured in real chromium: HTML, CSS and
 * script files (raw and gzip) and the inline scripts of the HTML. One measurement shared by
 * `npm run bench` (prints it) and tests/e2e/jsBudget.spec.ts (holds each page kind to a budget).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request, Response } from '@playwright/test';

/** A phone held upright: the viewport of every first-visit figure (docs/benchmarks.md). */
export const FIRST_VISIT_VIEWPORT = { width: 390, height: 844 } as const;

interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  /** HTTP status of the document (a budget test checks it measured the page it meant to). */
  status: number;
  html: Bytes;
  css: Bytes;
  /** Script files (`<script src>`, module imports, island components and renderers). */
  js: Bytes;
  /** Script inside the HTML (already counted in `html`): island runtime, directives, small view scripts. */
  inline: Bytes;
  /** Paths of the script files, for messages. */
  scripts: string[];
}

/** The JavaScript of a first visit: script files plus inline scripts, each gzipped. */
export const javaScriptGzip = (weight: PageWeight): number => weight.js.gzip + weight.inline.gzip;

const KIND = { document: 'html', stylesheet: 'css', script: 'js' } as const;

/**
 * Waits until every island that hydrates without the shopper's action has hydrated: `client:load`,
 * `client:idle`, `client:only`, `client:media` whose query matches and `client:visible` on screen.
 * Islands waiting for the shopper (`client:focus`, hidden or off-screen `client:visible`) stay
 * server-rendered: their JavaScript is not part of a first visit. Astro drops an island's `ssr`
 * attribute once it has hydrated.
 */
async function islandsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const onScreen = (island: Element) =>
      // Islands are display: contents; Astro's visible directive watches their children.
      [...island.children].some((child) => {
        const box = child.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          box.bottom > 0 &&
          box.right > 0 &&
          box.top < window.innerHeight &&
          box.left < window.innerWidth
        );
      });
    const hydratesUnasked = (island: Element) => {
      const how = island.getAttribute('client');
      if (how === 'load' || how === 'idle' || how === 'only') return true;
      if (how === 'visible') return onScreen(island);
      if (how === 'media') {
        const { value } = JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown };
        return typeof value === 'string' && window.matchMedia(value).matches;
      }
      return false;
    };
    return [...document.querySelectorAll('astro-island[ssr]')].every((island) => !hydratesUnasked(island));
  });
}

/**
 * Follows the page's script requests from now on; the function it answers waits until none is
 * under way (a measurement ends only when every script it caused has arrived).
 */
function scriptRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  let allDone: (() => void) | undefined;
  const isScript = (request: Request) => request.resourceType() === 'script';
  page.on('request', (request) => {
    if (isScript(request)) inFlight++;
  });
  const finished = (request: Request) => {
    if (!isScript(request)) return;
    inFlight--;
    if (inFlight === 0) allDone?.();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return () => (inFlight > 0 ? new Promise<void>((resolve) => (allDone = resolve)) : Promise.resolve());
}

/**
 * Opens `url` in `page`, which must be new in a new browser context (empty cache: a first visit),
 * and measures what it downloads until the page has loaded, the islands that need no action have
 * hydrated and no script request is still under way. JSON-LD and other data blocks are not script.
 */
export async function measureFirstVisit(page: Page, url: string): Promise<PageWeight> {
  const bytes: Record<'html' | 'css' | 'js', Bytes> = {
    html: { raw: 0, gzip: 0 },
    css: { raw: 0, gzip: 0 },
    js: { raw: 0, gzip: 0 },
  };
  const scripts: string[] = [];
  const bodies: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const kind = KIND[response.request().resourceType() as keyof typeof KIND] as 'html' | 'css' | 'js' | undefined;
    if (!kind) return;
    if (kind === 'js') scripts.push(new URL(response.url()).pathname);
    bodies.push(
      response.body().then((body) => {
        bytes[kind].raw += body.length;
        bytes[kind].gzip += gzipSync(body).length;
      }),
    );
  };
  page.on('response', onResponse);
  const scriptsDone = scriptRequests(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  await islandsSettled(page);
  await scriptsDone();
  await Promise.all(bodies);
  page.off('response', onResponse);
  // A response that arrived while those bodies were read is counted too, and its body read before
  // the caller closes the page (a body read after that fails the whole measurement).
  await Promise.all(bodies);

  const inline = await page.locator('script:not([src])').evaluateAll((elements) =>
    elements
      .filter((script) =>
        ['', 'module', 'text/javascript', 'application/javascript'].includes((script as HTMLScriptElement).type),
      )
      .map((script) => script.textContent ?? '')
      .join(''),
  );
  return {
    status: response?.status() ?? 0,
    ...bytes,
    inline: { raw: Buffer.byteLength(inline), gzip: inline ? gzipSync(inline).length : 0 },
    scripts,
  };
}

/** {@link measureFirstVisit} in a context of its own at {@link FIRST_VISIT_VIEWPORT}, closed afterwards. */
export async function firstVisitWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: FIRST_VISIT_VIEWPORT });
  try {
    return await measureFirstVisit(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

/** A shopper's sign-in for the account pages' figures (the demo accounts of the embedded user service). */
export interface Credentials {
  login: string;
  password: string;
}

/**
 * {@link firstVisitWeight} of a signed-in shopper's page (issue 11: the account pages, and any page
 * of a returning shopper): the shopper signs in through the storefront's own endpoint and one page
 * looks at the new session (as the page where they signed in does); then a new context with those
 * cookies and that storage, but an empty HTTP cache, measures `path` as a cold start.
 */
export async function signedInFirstVisitWeight(
  browser: Browser,
  origin: string,
  path: string,
  credentials: Credentials,
): Promise<PageWeight> {
  const first = await browser.newContext({ viewport: FIRST_VISIT_VIEWPORT });
  let state: Awaited<ReturnType<typeof first.storageState>>;
  try {
    const signedIn = await first.request.post(`${origin}/api/auth/login`, {
      headers: { Origin: origin },
      data: credentials,
    });
    if (!signedIn.ok()) throw new Error(`signing in for ${path} answered ${signedIn.status()}`);
    const page = await first.newPage();
    await page.goto(`${origin}/`);
    // The header's script records the sign-in it looked at (src/domain/session/customerHint.ts).
    await page.waitForFunction(() => localStorage.getItem('bbs_session_seen') !== null);
    state = await first.storageState();
  } finally {
    await first.close();
  }
  const context = await browser.newContext({ viewport: FIRST_VISIT_VIEWPORT, storageState: state });
  try {
    return await measureFirstVisit(await context.newPage(), `${origin}${path}`);
  } finally {
    await context.close();
  }
}

/**
 * What the auth modal costs on its first open (issue 11): after a first visit of `url` (which
 * must not load it), a click on the header's «Войти» loads the opener's module, the modal, React
 * and the session client; measured until the dialog is on screen and no script request is under
 * way. `withPage` lists modal scripts the first visit loaded already (a budget test wants none).
 */
export async function authModalOpenWeight(
  browser: Browser,
  url: string,
): Promise<{ gzip: number; scripts: string[]; withPage: string[] }> {
  const context = await browser.newContext({ viewport: FIRST_VISIT_VIEWPORT });
  try {
    const page = await context.newPage();
    const before = await measureFirstVisit(page, url);
    // Now: the first visit's list goes on growing with every later response of the page.
    const withPage = before.scripts.filter((path) => /AuthModal/.test(path));
    const scripts: string[] = [];
    const bodies: Promise<number>[] = [];
    const scriptsDone = scriptRequests(page);
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(new URL(response.url()).pathname);
      bodies.push(response.body().then((body) => gzipSync(body).length));
    });
    await page.getByRole('banner').locator('[data-account-login]').click();
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    await scriptsDone();
    const sizes = await Promise.all(bodies);
    return {
      gzip: sizes.reduce((sum, size) => sum + size, 0),
      scripts,
      withPage,
    };
  } finally {
    await context.close();
  }
}

/**
 * What the basket drawer costs on its first open (issue 9: "the drawer's own bytes loaded on first
 * open"): on a product page that has finished its first visit, a tap on "add to basket" loads the
 * drawer (React, the drawer, the basket's check client); measured until the drawer is on screen
 * and no script request is under way.
 */
export async function drawerFirstOpenWeight(browser: Browser, productUrl: string): Promise<{ js: Bytes; css: Bytes }> {
  const context = await browser.newContext({ viewport: FIRST_VISIT_VIEWPORT });
  try {
    const page = await context.newPage();
    await measureFirstVisit(page, productUrl);
    const bytes = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
    const bodies: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
      if (!kind) return;
      bodies.push(
        response.body().then((body) => {
          bytes[kind].raw += body.length;
          bytes[kind].gzip += gzipSync(body).length;
        }),
      );
    });
    await page.locator('form[data-add-to-basket] button[type="submit"]').click();
    await page.locator('[role="dialog"]').waitFor({ state: 'visible' });
    // The check's client (zod, the order client) loads with the first check, which the drawer asks
    // for at once: measured until that check has answered.
    await page.locator('[role="dialog"] .basket-summary[aria-busy="false"]').waitFor();
    await Promise.all(bodies);
    return bytes;
  } finally {
    await context.close();
  }
}
