import { expect, test, type Browser, type Page } from './fixtures.ts';
import { clothingProductPath, watchConsole } from './support.ts';

/**
 * Issue 27: a public page carries a narrow screen's first-screen CSS inline, and its stylesheets
 * neither hold a phone's first paint nor are missed afterwards (src/server/styles/). Checked in a
 * real browser at a phone's and a tablet's size: with every stylesheet file empty, what the first
 * screen shows is laid out and styled exactly as with them (each element in view: its box and the
 * computed properties that show); the stylesheets are loaded once the page's files have come
 * (tests/e2e/laterFiles.spec.ts: when); the page's policy allows its inline style (no violation
 * reported); without JavaScript the `<noscript>` links style the whole page.
 */

const SHOWN = [
  'display',
  'position',
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'border-top-width',
  'border-radius',
  'padding-left',
  'visibility',
  'opacity',
] as const;

/** Every element of the first screen, in document order: its box in view and the properties that show. */
async function firstScreen(page: Page): Promise<string[]> {
  return page.evaluate((shown) => {
    const rows: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      // Not rendered (a closed <details>' content, a popover not open): no box is painted for it,
      // though asking for one would lay it out.
      if (!element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= innerHeight || box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      const what = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      // The part in view: an element running past the screen (main) is as tall as what is below it.
      const bottom = Math.min(box.bottom, innerHeight);
      const where = [box.x, box.y, box.width, bottom - box.y].map((n) => Math.round(n)).join(',');
      rows.push(`${what} @${where} ${shown.map((name) => style.getPropertyValue(name)).join('|')}`);
    }
    return rows;
  }, SHOWN);
}

async function open(browser: Browser, size: { width: number; height: number }, withFiles: boolean) {
  const context = await browser.newContext({ viewport: size, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Pictures arrive in their own time and change nothing of the layout (every one is sized).
  await page.route(/\/(img|svc\/[a-z]+\/public\/images)\b/, (route) => route.abort());
  // Without the files' rules, but loading (empty): scripts that wait for a stylesheet of theirs
  // (the hearts, the buy bar) run as they would, so only the rules differ.
  if (!withFiles) {
    await page.route(/\/_astro\/[^/]+\.css$/, (route) => route.fulfill({ contentType: 'text/css', body: '' }));
  }
  return { context, page };
}

for (const size of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  test(`at ${size.width}×${size.height} the first screen needs no stylesheet file: main, catalogue, product`, async ({
    browser,
    page: probe,
  }) => {
    test.setTimeout(60_000);
    const paths = ['/', '/ua/odezhda', await clothingProductPath(probe.request)];
    const full = await open(browser, size, true);
    const inline = await open(browser, size, false);
    const errors = watchConsole(full.page);
    for (const path of paths) {
      // Once every script has done what it does at load (the hearts come after the load event).
      await full.page.goto(path, { waitUntil: 'networkidle' });
      await inline.page.goto(path, { waitUntil: 'networkidle' });
      // The deferred sheets have come and apply (for every screen: they carry no media).
      const sheets = await full.page
        .locator('head link[rel="stylesheet"]')
        .evaluateAll((links) =>
          links.map((link) => link instanceof HTMLLinkElement && link.sheet !== null && !link.media),
        );
      expect(sheets.length, path).toBeGreaterThan(0);
      expect(new Set(sheets), path).toEqual(new Set([true]));
      expect(await firstScreen(inline.page), path).toEqual(await firstScreen(full.page));
    }
    expect(errors).toEqual([]);
    await full.context.close();
    await inline.context.close();
  });
}

test('as sent, a page links no file outside its templates and noscript, and its inline style and scripts are the policy’s', async ({
  request,
}) => {
  const response = await request.get('/odezhda');
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const outside = html.replace(/<(template|noscript)\b[\s\S]*?<\/\1>/g, '');
  expect(head).toMatch(/<template data-later><link rel="stylesheet" href="\/_astro\/css\/[\w+-]+\.css"><\/template>/);
  expect(outside).not.toMatch(/<link rel="(stylesheet|icon|manifest)"/);
  expect(outside).not.toMatch(/<script[^>]* src=/);
  const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
  expect(style.length).toBeGreaterThan(1000);
  const { createHash } = await import('node:crypto');
  const source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toContain(source(style));
  // Every inline script it runs is allowed by its hash, and the policy names no other inline script
  // but the next-pages rules the layout's script adds (ownHashes.ts): ~1 KB less of every page.
  const inline = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((match) => source(match[1] ?? ''));
  const scriptSources =
    /script-src ([^;]*)/
      .exec(policy)?.[1]
      ?.split(' ')
      .filter((s) => s.startsWith("'sha")) ?? [];
  for (const hash of inline) expect(scriptSources).toContain(hash);
  expect(scriptSources.length).toBe(new Set(inline).size + 1);
});

test('without JavaScript the whole page is styled by the noscript links', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/odezhda', { waitUntil: 'load' });
  // The footer is below the first screen: its rules are only in the files.
  const footer = page.locator('footer.site-footer');
  await expect(footer).toHaveCSS('border-top-width', /^[1-9]/);
  await context.close();
});
