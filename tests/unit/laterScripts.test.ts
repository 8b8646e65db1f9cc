import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_RUNTIME } from '../../src/server/islands/islandRuntime.ts';
import { laterFiles, LATER_SCRIPT } from '../../src/server/scripts/laterScripts.ts';

const ICON = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
const MANIFEST = '<link rel="manifest" href="/manifest.webmanifest">';
const CSS = '<template data-later><link rel="stylesheet" href="/_astro/css/1+2.css"></template>';
const MODULE = '<script type="module" src="/_astro/BaseLayout.x1.js"></script>';
const INLINE = '<script type="module">console.log(1)</script>';

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html><head><title>t</title>${head}</head><body><p>a</p>${body}<p>b</p></body></html>`;

describe('laterFiles', () => {
  it('moves script files, the island runtime, icon and manifest into a template the head script starts', () => {
    const html = laterFiles(page(`${ICON}${MANIFEST}${CSS}`, `${EXTERNAL_RUNTIME}<i>x</i>${MODULE}${INLINE}`));
    // The head: the stylesheets' template, then the script (a wide screen writes them where they were),
    // the icon and manifest for a browser without JavaScript; nothing fetched before the script runs.
    expect(html).toContain(
      `<title>t</title>${CSS}<script data-later-files>${LATER_SCRIPT}</script><noscript>${ICON}${MANIFEST}</noscript></head>`,
    );
    // The body keeps its content and inline scripts; its files wait at its end, in their order.
    expect(html).toContain(
      `<p>a</p><i>x</i>${INLINE}<p>b</p><template data-later>${ICON}${MANIFEST}${EXTERNAL_RUNTIME}${MODULE}</template></body>`,
    );
    expect(html.split(MODULE)).toHaveLength(2);
  });

  it('marks the first picture for the element-timing entry the script waits for', () => {
    const html = laterFiles(
      page('', `<img src="/a.svg" alt="" fetchpriority="high"><img src="/b.svg" alt="">${MODULE}`),
    );
    expect(html).toContain(
      '<img elementtiming="first-picture" src="/a.svg" alt="" fetchpriority="high"><img src="/b.svg" alt="">',
    );
  });

  it('adds the script for a page with only deferred stylesheets, and leaves a page with nothing to defer', () => {
    const cssOnly = laterFiles(page(CSS, ''));
    expect(cssOnly).toContain(`${CSS}<script data-later-files>${LATER_SCRIPT}</script></head>`);
    expect(cssOnly).not.toContain('<template data-later></template>');
    const plain = page('', '<p>c</p>');
    expect(laterFiles(plain)).toBe(plain);
    expect(laterFiles('<p>no document</p>')).toBe('<p>no document</p>');
  });

  it('is a script a browser can parse', () => {
    // Compiled, not run: a syntax error in the hand-written string would throw here.
    expect(() => new Script(LATER_SCRIPT)).not.toThrow();
  });
});
