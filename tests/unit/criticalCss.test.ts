import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../src/server/styles/criticalCss.ts';
import { firstScreenDocument } from '../../src/server/styles/firstScreen.ts';
import { FIRST_SCREEN_END } from '../../src/server/styles/firstScreenMarker.ts';
import { onlyWideScreens } from '../../src/server/styles/wideScreen.ts';

const SHEET = [
  '.top{color:red}',
  '.below{color:blue}',
  '.hid{color:green}',
  '.drawer{position:fixed}',
  '.inside{margin:0}',
  '.summary-text{font-weight:700}',
  '.top:hover{color:maroon}',
  '@media (width>=576px){.top{padding:1px}}',
  '@media (width>=1024px){.top{padding:2px}}',
  '@media (min-width:1366px){.top{padding:3px}}',
  '@media (width<=1023.98px){.top{padding:4px}}',
  ':root[data-signed-in] .nowhere{display:none}',
  'html.lang-offer .bar{display:flex}',
  '[data-enhanced] .apply{display:none}',
  '.unused{color:pink}',
].join('');

const read = (href: string) => (href === '/_astro/a.css' ? SHEET : undefined);

const page = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/_astro/a.css"></head><body>${body}</body></html>`;

describe('firstScreenDocument', () => {
  it('keeps the markup before the marker and what a phone renders of it', () => {
    const html = page(
      `<p class="top">a</p><p class="hid" hidden>b</p><nav popover><p class="drawer">c</p></nav>` +
        `<details><summary class="summary-text">d</summary><p class="inside">e</p></details>` +
        `<template><p class="unused"></p></template>${FIRST_SCREEN_END}<p class="below">f</p>`,
    );
    const first = firstScreenDocument(html);
    expect(first).toContain('class="top"');
    expect(first).toContain('class="summary-text"');
    for (const gone of ['below', 'hid', 'drawer', 'inside', 'unused']) expect(first).not.toContain(`class="${gone}"`);
  });

  it('keeps an open <details> whole and a page without the marker whole', () => {
    const first = firstScreenDocument(
      page('<details open><summary>s</summary><p class="inside">e</p></details><p class="below">f</p>'),
    );
    expect(first).toContain('class="inside"');
    expect(first).toContain('class="below"');
  });
});

describe('criticalCss', () => {
  it('is the rules the first screen uses, for narrow screens, with the root state the scripts set', async () => {
    const html = page(`<p class="top">a</p><p class="hid" hidden>b</p>${FIRST_SCREEN_END}<p class="below">f</p>`);
    const css = await criticalCss(firstScreenDocument(html), read);
    expect(css).toContain('.top{color:red}');
    expect(css).toContain('.top:hover{color:maroon}');
    expect(css).toContain('@media (width>=576px){.top{padding:1px}}');
    expect(css).toContain('@media (width<=1023.98px){.top{padding:4px}}');
    expect(css).toContain(':root[data-signed-in] .nowhere{display:none}');
    expect(css).toContain('html.lang-offer .bar{display:flex}');
    expect(css).toContain('[data-enhanced] .apply{display:none}');
    for (const gone of ['.below', '.hid', '.unused', 'padding:2px', 'padding:3px']) expect(css).not.toContain(gone);
  });

  it('is empty for a page that links no stylesheet', async () => {
    expect(await criticalCss('<html><head></head><body><p class="top">a</p></body></html>', read)).toBe('');
  });
});

describe('onlyWideScreens', () => {
  it.each([
    ['(width>=1024px)', true],
    ['(min-width: 1366px)', true],
    ['(1024px<=width)', true],
    ['(width>=1024px),(width>=1366px)', true],
    ['(width>=768px)', false],
    ['(width<=1023.98px)', false],
    ['(width>=1024px),(width>=576px)', false],
    ['print', false],
    ['not all and (min-width: 1024px)', false],
  ])('%s: %s', (query, wide) => {
    expect(onlyWideScreens(query)).toBe(wide);
  });
});
