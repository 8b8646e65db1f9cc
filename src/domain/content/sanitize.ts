import sanitizeHtml from 'sanitize-html';

/**
 * CMS HTML (info pages, blog and news posts, text content blocks) as it may reach `set:html`
 * (DESIGN §7). An allow-list of article markup: headings, paragraphs, lists, tables, quotes,
 * figures, links and pictures. Everything else is removed: scripts, event handlers, `style`
 * attributes and `<style>` elements, iframes, objects, forms, SVG and MathML, and any URL whose
 * scheme is not allowed (`javascript:`, `data:`, `vbscript:` …).
 *
 * Decisions:
 * - Links: `href` may be http(s), mailto, tel or relative; pictures: `src` http(s) or relative
 *   only. Protocol-relative URLs (`//host/x`) are refused: a path is written `/x`, another host
 *   with its scheme.
 * - `target` survives only as `_blank`, and then the link gets `rel="noopener noreferrer"`;
 *   `rel` keeps only the tokens listed below.
 * - `<h1>` becomes `<h2>`: the page owns its one `<h1>`.
 * - Styles: every `<style>` element and `style` attribute is dropped, whatever it contains. The
 *   spec's style-tag check (accounts §5: reject url, uri, javascript, src, expression, include,
 *   import, data) names what must never pass; dropping all CSS is stricter and meets it, and the
 *   CSP (style-src with hashes only) would block CMS styles anyway (docs/decisions.md).
 * - A picture whose `src` is refused is removed; a link whose `href` is refused becomes its text.
 * - Pictures get `loading="lazy"` and `decoding="async"`; width and height survive only as
 *   plain pixel numbers.
 */

const ARTICLE_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'abbr',
  'code',
  'pre',
  'time',
  'span',
  'div',
  'blockquote',
  'q',
  'cite',
  'figure',
  'figcaption',
  'a',
  'img',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** `rel` tokens an editor may set on a link. */
const REL_TOKENS = ['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored', 'external'];

/** Tags removed together with everything inside them (the library's defaults plus embeds). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'template',
  'title',
  'svg',
  'math',
];

const PIXELS = /^\d{1,4}$/;

function transformLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next: sanitizeHtml.Attributes = { ...attribs };
  if (next['target'] === '_blank') {
    const rel = new Set((next['rel'] ?? '').split(/\s+/).filter((token) => token !== ''));
    rel.add('noopener');
    rel.add('noreferrer');
    next['rel'] = [...rel].join(' ');
  } else {
    delete next['target'];
  }
  return { tagName, attribs: next };
}

function transformImage(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next: sanitizeHtml.Attributes = { ...attribs, loading: 'lazy', decoding: 'async' };
  for (const size of ['width', 'height']) {
    const value = next[size];
    if (value !== undefined && !PIXELS.test(value.trim())) delete next[size];
  }
  if (next['alt'] === undefined) next['alt'] = '';
  return { tagName, attribs: next };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ARTICLE_TAGS,
  allowedAttributes: {
    a: [
      'href',
      'title',
      'hreflang',
      { name: 'target', values: ['_blank'] },
      { name: 'rel', multiple: true, values: REL_TOKENS },
    ],
    img: [
      'src',
      'alt',
      'title',
      'width',
      'height',
      { name: 'loading', values: ['lazy'] },
      { name: 'decoding', values: ['async'] },
    ],
    abbr: ['title'],
    time: ['datetime'],
    blockquote: ['cite'],
    q: ['cite'],
    ol: ['start', 'reversed', { name: 'type', values: ['1', 'a', 'A', 'i', 'I'] }],
    th: ['colspan', 'rowspan', { name: 'scope', values: ['row', 'col', 'rowgroup', 'colgroup'] }],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // Even an allowed tag never keeps a style attribute or a class: both are absent from every list.
  allowedStyles: {},
  parseStyleAttributes: false,
  transformTags: { h1: 'h2', a: transformLink, img: transformImage },
  // Runs on the filtered attributes: a picture whose source was refused goes, a link whose
  // address was refused becomes its plain text.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img' && !frame.attribs['src']) return true;
    if (frame.tag === 'a' && !frame.attribs['href']) return 'excludeTag';
    return false;
  },
  nestingLimit: 64,
  enforceHtmlBoundary: false,
};

/** CMS HTML reduced to the article allow-list above; safe to render with `set:html`. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
