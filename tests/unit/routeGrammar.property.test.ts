import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productQuerySchema } from '../../src/api/schemas/searchQuery.ts';
import {
  buildCatalogPath,
  buildFilterPath,
  catalogStateProblem,
  parseCatalogPath,
  toServiceQuery,
  type CatalogFilter,
  type CatalogRoute,
  type CatalogState,
} from '../../src/domain/catalog/routeGrammar.ts';

/**
 * Property tests of the catalogue route grammar (DESIGN §8): the builder and the parser are inverse
 * on valid states, and the parser survives anything a client can send.
 */

const SPECIAL = ['catalogs', 'outlet', 'pakunok-malyuka', 'search-result'];
const TRICKY = ['ru', 'ua', 'uk', 'page', 'sort', 'price', 'desc', 'page-2', 'sort-price', '0', '00', ...SPECIAL];

const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const slug = fc.oneof(
  { weight: 4, arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join('-')) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY) },
);
const categorySlug = slug.filter((s) => !s.startsWith('page-') && !s.startsWith('sort-'));
const folderSlug = categorySlug.filter((s) => s !== 'ru' && s !== 'ua' && !SPECIAL.includes(s));

const setGroup: fc.Arbitrary<CatalogFilter> = fc.record({
  topic: slug.filter((topic) => topic !== 'price'),
  values: fc.uniqueArray(slug, { minLength: 1, maxLength: 5 }),
});
const priceValue = fc.oneof(fc.nat({ max: 100_000 }).map(String), slug);
const priceGroup: fc.Arbitrary<CatalogFilter> = fc
  .tuple(priceValue, priceValue)
  .map(([from, to]) => ({ topic: 'price', values: [from, to] }));

/** Filter groups with distinct topics, in arbitrary (non-canonical) order. */
const filters: fc.Arbitrary<CatalogFilter[]> = fc
  .tuple(fc.uniqueArray(setGroup, { selector: (g) => g.topic, maxLength: 6 }), fc.option(priceGroup, { nil: null }))
  .map(([groups, price]) => (price === null ? groups : [...groups, price]))
  .chain((groups) => fc.shuffledSubarray(groups, { minLength: groups.length, maxLength: groups.length }));

const searchText = fc.option(
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('коляска', ' боди 92 ', 'a&b=c+d', '%D0', '?q=x#y', '   '),
  ),
  { nil: null },
);

const state: fc.Arbitrary<CatalogState> = fc.record({
  locale: fc.constantFrom('ru' as const, 'uk' as const),
  folderCategory: folderSlug,
  categories: fc.array(categorySlug, { maxLength: 4 }),
  filters,
  page: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 10_000 })),
  sort: fc.option(
    fc.record({
      field: fc.oneof(fc.constantFrom('price', 'new', 'popularity', 'desc'), fc.stringMatching(/^[a-z]{1,10}$/)),
      desc: fc.boolean(),
    }),
    { nil: null },
  ),
  q: searchText,
});

/** Independent model of the canonical state: groups by topic, set values sorted, price pair as is. */
function canonical(s: CatalogState): CatalogRoute {
  const q = (s.q ?? '').toWellFormed().trim();
  return {
    locale: s.locale,
    hadRuPrefix: false,
    folderCategory: s.folderCategory,
    categories: [...s.categories],
    filters: s.filters
      .map((g) => ({ topic: g.topic, values: g.topic === 'price' ? [...g.values] : [...g.values].sort() }))
      .sort((a, b) => (a.topic < b.topic ? -1 : 1)),
    page: s.page,
    sort: s.sort === null ? null : { ...s.sort },
    q: q === '' ? null : q,
  };
}

/** Splits a built URL into the pathname and the query string the parser takes. */
function parseUrl(url: string): CatalogRoute | null {
  const at = url.indexOf('?');
  return at < 0 ? parseCatalogPath(url) : parseCatalogPath(url.slice(0, at), url.slice(at));
}

/** Percent-encodes the characters of a path the mask picks, leaving `/` and the locale prefix alone. */
function encodeSome(path: string, mask: readonly boolean[]): string {
  const prefix = path.startsWith('/ua/') ? '/ua' : '';
  const rest = path.slice(prefix.length);
  const encoded = Array.from(rest, (ch, i) => {
    if (ch === '/' || mask[i % mask.length] !== true) return ch;
    const hex = ch.charCodeAt(0).toString(16);
    return `%${i % 2 === 0 ? hex.toUpperCase() : hex}`;
  }).join('');
  return prefix + encoded;
}

describe('catalogue route grammar: builder and parser are inverse', () => {
  it('parses any built state back to its canonical form', () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(catalogStateProblem(s)).toBeNull();
        expect(parseUrl(buildCatalogPath(s))).toEqual(canonical(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('builds the same URL for any order of filter groups', () => {
    fc.assert(
      fc.property(state, (s) => {
        const reversed = { ...s, filters: s.filters.toReversed().map((g) => ({ ...g, values: g.values })) };
        expect(buildCatalogPath(reversed)).toBe(buildCatalogPath(s));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the /ru prefix, a trailing slash and percent-encoding as the same state', () => {
    fc.assert(
      fc.property(
        state,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 64 }),
        fc.boolean(),
        fc.boolean(),
        (s, mask, ruPrefix, trailingSlash) => {
          const url = buildCatalogPath(s);
          const at = url.indexOf('?');
          let path = at < 0 ? url : url.slice(0, at);
          const search = at < 0 ? '' : url.slice(at);
          path = encodeSome(path, mask);
          if (trailingSlash) path = `${path}/`;
          const withRu = ruPrefix && s.locale === 'ru';
          if (withRu) path = `/ru${path}`;
          expect(parseCatalogPath(path, search)).toEqual({ ...canonical(s), hadRuPrefix: withRu });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// Segments a client could send: valid pieces, near misses and garbage, in any order.
const segment = fc.oneof(
  slug,
  fc.tuple(slug, fc.array(slug, { minLength: 1, maxLength: 3 })).map(([t, vs]) => `${t}=${vs.join(',')}`),
  fc.tuple(fc.nat(200_000), fc.nat(200_000)).map(([a, b]) => `price=${a},${b}`),
  fc.integer({ min: 0, max: 20_000 }).map((n) => `page-${n}`),
  fc.tuple(fc.stringMatching(/^[a-z]{0,6}$/), fc.boolean()).map(([f, d]) => `sort-${f}${d ? '-desc' : ''}`),
  fc.constantFrom('', 'A', '%', '%zz', '%D0%B0', '%61', '%2F', 'page-01', '=', 'a=', '=a', 'a=b,,c', 'a=b,b', 'a=b=c'),
  fc.constantFrom('.', '..', 'a b', '-', 'a--b', 'sort-', 'page-', 'sort-price-asc', 'q', '?', '#'),
  fc.string({ maxLength: 8 }),
);

const rawPath = fc
  .tuple(
    fc.constantFrom('', '/ua', '/ru', '/uk'),
    fc.array(segment, { minLength: 0, maxLength: 10 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([prefix, segments, leading, trailing]) => {
    const body = `${prefix}/${segments.join('/')}${trailing ? '/' : ''}`;
    return leading ? body : body.slice(1);
  });

/** Valid canonical paths with a few edits (insert, delete, swap, replace a segment): near misses. */
const editedPath = fc
  .tuple(
    state,
    fc.array(fc.tuple(fc.constantFrom('insert', 'delete', 'swap', 'replace'), fc.nat(), fc.nat(), segment), {
      maxLength: 2,
    }),
  )
  .map(([s, edits]) => {
    const url = buildCatalogPath(s);
    const path = url.split('?')[0] ?? '';
    const parts = path.slice(1).split('/');
    for (const [kind, i, j, piece] of edits) {
      const a = i % (parts.length + 1);
      const b = j % Math.max(parts.length, 1);
      if (kind === 'insert') parts.splice(a, 0, piece);
      else if (kind === 'delete') parts.splice(a, 1);
      else if (kind === 'replace') parts[b] = piece;
      else [parts[a], parts[b]] = [parts[b] ?? '', parts[a] ?? ''];
    }
    return `/${parts.join('/')}`;
  });

const anyPath = fc.oneof(
  { weight: 3, arbitrary: rawPath },
  { weight: 3, arbitrary: editedPath },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((s) => `/${s}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((s) => `/${s}`) },
);

const anySearch = fc.option(
  fc.oneof(
    fc.string({ maxLength: 40 }),
    searchText.map((q) => (q === null ? '' : `?q=${encodeURIComponent(q.toWellFormed())}`)),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `q=${s}`),
  ),
  { nil: undefined },
);

describe('catalogue route grammar: the parser survives any input', () => {
  it('never throws, and every route it returns rebuilds to a path that parses to the same route', () => {
    let routes = 0;
    fc.assert(
      fc.property(anyPath, anySearch, (path, search) => {
        const route = parseCatalogPath(path, search);
        if (route === null) return;
        routes++;
        expect(catalogStateProblem(route)).toBeNull();
        const url = buildCatalogPath(route);
        const again = parseUrl(url);
        expect(again).toEqual(canonical(route));
        // Idempotent canonicalisation: the canonical URL is a fixed point.
        expect(again && buildCatalogPath(again)).toBe(url);
      }),
      { numRuns: 20_000 },
    );
    // The generator must reach valid routes often, or this property would prove little.
    expect(routes).toBeGreaterThan(2000);
  });

  it('turns every route it returns into a query the search service accepts', () => {
    fc.assert(
      fc.property(state, (s) => {
        const route = parseUrl(buildCatalogPath(s));
        expect(route).not.toBeNull();
        if (route === null) return;
        const query = toServiceQuery(route);
        expect(query.page).toBe(route.page - 1);
        expect(() => productQuerySchema.parse(query)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('filter path rule (spec §2) as a property', () => {
  it('yields nothing exactly for more than 3 groups or a group of more than one value', () => {
    fc.assert(
      fc.property(filters, (groups) => {
        const built = buildFilterPath(groups);
        const nameable = groups.length <= 3 && groups.every((g) => g.values.length === 1);
        expect(built !== null).toBe(nameable);
        if (built === null || built === '') return;
        expect(parseCatalogPath(`/odezhda/${built}`)?.filters).toEqual(canonical({ ...base, filters: groups }).filters);
      }),
      { numRuns: 2000 },
    );
  });
});

const base: CatalogState = {
  locale: 'ru',
  folderCategory: 'odezhda',
  categories: [],
  filters: [],
  page: 1,
  sort: null,
};
