import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeCmsHtml } from '../../src/domain/content/sanitize.ts';

/**
 * What may ever come out of the sanitiser, checked on the output's own markup: sanitize-html
 * writes every attribute double-quoted with `"` escaped, so tags can be read back reliably.
 */
const ALLOWED_TAGS = new Set(
  'h2 h3 h4 h5 h6 p br hr ul ol li dl dt dd strong b em i u s small sub sup mark abbr code pre time span div blockquote q cite figure figcaption a img table caption colgroup col thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
const ALLOWED_ATTRIBUTES = new Set(
  'href title hreflang target rel src alt width height loading decoding datetime cite start reversed type colspan rowspan scope span'.split(
    ' ',
  ),
);
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:="([^"]*)")?/g;

/** Every problem with `html` as sanitiser output: a tag, attribute or URL that must not be there. */
function problems(html: string): string[] {
  const found: string[] = [];
  // Anything that looks like a tag but is not one the checker can read is suspect too.
  const leftover = html.replace(TAG, '');
  if (/<[a-zA-Z!/?]/.test(leftover)) found.push(`unreadable markup in ${JSON.stringify(leftover)}`);
  for (const [, tag = '', attributes = ''] of html.matchAll(TAG)) {
    const name = tag.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) found.push(`tag <${name}>`);
    for (const [, attribute = '', value = ''] of attributes.matchAll(ATTRIBUTE)) {
      const key = attribute.toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(key)) found.push(`attribute ${key} on <${name}>`);
      if (key === 'href' || key === 'src' || key === 'cite') {
        const url = value.replace(/&amp;/g, '&').trim();
        const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
        const allowed = name === 'img' ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'];
        if (scheme !== undefined && !allowed.includes(scheme)) found.push(`${key}="${value}" on <${name}>`);
        if (url.startsWith('//')) found.push(`protocol-relative ${key} on <${name}>`);
        if (/[\u0000-\u001f]|&#/.test(url)) found.push(`encoded or control characters in ${key}`);
      }
    }
  }
  return found;
}

describe('CMS HTML: hostile input never reaches the output', () => {
  it.each([
    ['a script element, with its content', '<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['a script with a source', '<script src="https://evil.test/x.js"></script><p>t</p>', '<p>t</p>'],
    [
      'an onerror handler',
      '<img src="/a.png" onerror="alert(1)">',
      '<img src="/a.png" loading="lazy" decoding="async" alt="" />',
    ],
    ['an onclick handler', '<p onclick="alert(1)">t</p>', '<p>t</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', 'x'],
    ['a javascript: link in mixed case with spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
    ['a javascript: link split by a tab', '<a href="java\tscript:alert(1)">x</a>', 'x'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', 'x'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['a data: picture', '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', ''],
    ['a mailto: picture', '<img src="mailto:a@b.c">', ''],
    ['an svg with onload', '<svg onload="alert(1)"><text>hi</text></svg>ok', 'ok'],
    ['MathML with a javascript: link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['an iframe', '<iframe src="https://evil.test"></iframe><p>t</p>', '<p>t</p>'],
    [
      'object, embed, base, meta and link',
      '<object data="x.swf"></object><embed src="x.swf"><base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="x.css">',
      '',
    ],
    [
      'a form with a javascript: formaction',
      '<form action="/x"><input name="a"><button formaction="javascript:alert(1)">b</button></form>',
      'b',
    ],
    ['a style element with url()', '<style>body{background:url(https://evil.test/x)}</style><p>t</p>', '<p>t</p>'],
    ['a harmless style element too', '<style>p{color:red}</style><p>t</p>', '<p>t</p>'],
    ['a style attribute with expression()', '<p style="width:expression(alert(1))">t</p>', '<p>t</p>'],
    ['a harmless style attribute too', '<p style="color:red">t</p>', '<p>t</p>'],
    ['an xmp breakout', '<xmp><img src=x onerror=alert(1)></xmp>', ''],
    ['a noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['a comment hiding a script', '<p>a</p><!-- <script>alert(1)</script> -->', '<p>a</p>'],
    ['a protocol-relative link', '<a href="//evil.test/x">x</a>', 'x'],
    ['a class and an id', '<p class="visually-hidden" id="main">t</p>', '<p>t</p>'],
    ['a template', '<template><img src=x onerror=alert(1)></template>t', 't'],
  ])('%s', (_name, input, expected) => {
    const output = sanitizeCmsHtml(input);
    expect(output).toBe(expected);
    expect(problems(output)).toEqual([]);
  });
});

describe('CMS HTML: article markup survives', () => {
  it.each([
    ['headings, paragraphs and emphasis', '<h2>Т</h2><p><strong>a</strong> <em>b</em></p>'],
    ['lists', '<ul><li>a</li></ul><ol start="3"><li>b</li></ol>'],
    [
      'a table',
      '<table><thead><tr><th scope="col">a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
    ],
    ['a relative link', '<p><a href="/odezhda">Одежда</a></p>'],
    ['an https link', '<a href="https://example.com/x?a=1&amp;b=2">x</a>'],
    ['mailto and tel links', '<a href="mailto:help@shop.ua">m</a><a href="tel:+380800300100">t</a>'],
    ['a quote and a figure', '<blockquote><p>q</p></blockquote><figure><figcaption>c</figcaption></figure>'],
    ['a fragment link', '<a href="#rules">Правила</a>'],
  ])('%s', (_name, html) => {
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it('turns an h1 into an h2: the page owns its only h1', () => {
    expect(sanitizeCmsHtml('<h1>Заголовок</h1>')).toBe('<h2>Заголовок</h2>');
  });

  it('keeps a picture with its size and alt, and loads it lazily', () => {
    expect(sanitizeCmsHtml('<img src="https://cdn.test/a.jpg" alt="Коляска" width="600" height="400">')).toBe(
      '<img src="https://cdn.test/a.jpg" alt="Коляска" width="600" height="400" loading="lazy" decoding="async" />',
    );
  });

  it('drops a width or height that is not a plain pixel number', () => {
    expect(sanitizeCmsHtml('<img src="/a.png" alt="" width="100%" height="5e9">')).toBe(
      '<img src="/a.png" alt="" loading="lazy" decoding="async" />',
    );
  });

  it('adds noopener noreferrer to a link that opens a new tab, keeping allowed rel tokens', () => {
    expect(sanitizeCmsHtml('<a href="https://example.com" target="_blank" rel="nofollow opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('drops a target other than _blank', () => {
    expect(sanitizeCmsHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('escapes text, so markup-looking text stays text', () => {
    expect(sanitizeCmsHtml('<p>1 &lt; 2 &amp; <b>3</b></p>')).toBe('<p>1 &lt; 2 &amp; <b>3</b></p>');
  });
});

describe('CMS HTML: any mix of hostile and normal fragments gives clean output', () => {
  const fragments = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">',
    '<a href="/ok" target="_blank">',
    '</a>',
    '<svg onload=alert(1)>',
    '</svg>',
    '<style>*{background:url(//evil)}</style>',
    '<p style="x:expression(1)">',
    '</p>',
    '<iframe src=//evil>',
    '<img src="data:image/png;base64,AA">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript>',
    '</noscript>',
    '<xmp>',
    '<!--',
    '-->',
    '"',
    "'",
    '<',
    '>',
    '&#106;avascript:',
    'text',
    '<h1>',
    '<td colspan=2 onmouseover=x>',
    '<a href=" &#x09;javascript:alert(1)">',
    '<img/src=x/onerror=alert(1)>',
    '<p title="a\'b" onfocus=x autofocus>',
  ];
  it('never lets a disallowed tag, attribute or URL through', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 12 }), (parts) => {
        const output = sanitizeCmsHtml(parts.join(''));
        expect(problems(output)).toEqual([]);
        // Text is escaped, so `javascript:` as words is harmless; inside markup it must never be.
        const markup = [...output.matchAll(TAG)].map((match) => match[0]).join('');
        expect(markup).not.toMatch(/<script|<style|<svg|<iframe|\son[a-z]+=|javascript:|expression\(/i);
        expect(output).not.toMatch(/<(?:script|style|svg|iframe|math|noscript|xmp)/i);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the spec style-tag check is met by dropping every style (docs/decisions.md)', () => {
  it.each([
    ['a style element the word check would allow', '<style>p { color: red; }</style><p>x</p>', '<p>x</p>'],
    [
      'a style element the word check would refuse',
      '<style>@import "https://evil.test/x.css";</style><p>x</p>',
      '<p>x</p>',
    ],
    ['a plain style attribute', '<p style="color:red">x</p>', '<p>x</p>'],
    ['a style attribute with url()', '<p style="background:url(https://evil.test/x.png)">x</p>', '<p>x</p>'],
  ])('removes %s', (_name, html, expected) => {
    expect(sanitizeCmsHtml(html)).toBe(expected);
  });
});
