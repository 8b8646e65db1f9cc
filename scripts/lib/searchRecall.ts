import type { ProductList, WireProduct } from '../../src/api/schemas/product.ts';

/**
 * Issue 29 "Measure it": 50 queries as shoppers type them (both languages, typos, the wrong
 * keyboard layout, attributes: season, size, age, gender, colour, brand), each with a rule about
 * its top results that the seeded demo shop (seed 42) can check: every one of the top `top` is of
 * the kind named in `all`, and each condition in `some` is met by one of them. A query passes when
 * it finds something and its rule holds; the recall is the share of queries that pass.
 * `npm run bench` prints it (scripts/bench.ts); tests/services/searchRecall.test.ts keeps a few.
 */

export interface Condition {
  /** Sub-category slug (any of them). */
  category?: string | string[];
  folder?: string;
  brand?: string;
  /** A filter of the product: topic and value slug (any of them). */
  filter?: [string, string | string[]];
  /** The title (either language) matches. */
  title?: RegExp;
}

export interface RecallQuery {
  q: string;
  locale: 'ru' | 'uk';
  /** How many of the first results the rule reads. */
  top: number;
  all?: Condition[];
  some?: Condition[];
}

const K = 5;
const q = (text: string, locale: 'ru' | 'uk', all: Condition[], some: Condition[] = [], top = K): RecallQuery => ({
  q: text,
  locale,
  top,
  all,
  some,
});

const overalls: Condition = { category: 'kombinezony' };
const winter: Condition = { filter: ['season', 'zima'] };
const jackets: Condition = { category: 'kurtki' };
const strollers: Condition = { category: ['universalnye-kolyaski', 'progulochnye-kolyaski'] };
const diapers: Condition = { category: 'podguzniki' };

export const RECALL_QUERIES: readonly RecallQuery[] = [
  // The issue's own queries.
  q('зимовий комбінезон', 'uk', [overalls, winter]),
  q('комбінезон зима', 'uk', [overalls, winter]),
  q('теплий комбінезон', 'uk', [overalls, winter]),
  q('куртка зимова', 'uk', [jackets, winter]),
  q('комбінезон 80', 'uk', [overalls, { filter: ['size', '80'] }]),
  q('pampers 4', 'uk', [], [{ brand: 'pampers' }], 3),
  q('rjv,sytpjy', 'uk', [overalls]),
  q('gs;fvf', 'uk', [{ category: 'pizhamy' }]),
  q(',jls', 'uk', [{ category: 'bodi' }]),
  // Single words, both languages.
  q('комбинезон', 'ru', [overalls]),
  q('комбінезон', 'uk', [overalls]),
  q('пижама', 'ru', [{ category: 'pizhamy' }]),
  q('кроссовки', 'ru', [{ category: 'krossovki' }]),
  q('кросівки', 'uk', [{ category: 'krossovki' }]),
  q('чоботи', 'uk', [{ category: 'sapogi' }]),
  q('подгузники', 'ru', [diapers]),
  q('підгузки', 'uk', [diapers]),
  q('бутылочка', 'ru', [{ category: 'butylochki' }]),
  q('пляшечка', 'uk', [{ category: 'butylochki' }]),
  q('пустышка', 'ru', [{ category: 'soski-pustyshki' }]),
  q('кукла', 'ru', [{ category: 'kukly' }]),
  q('лялька', 'uk', [{ category: 'kukly' }]),
  q('автокресло', 'ru', [{ category: 'avtokresla' }]),
  q('конструктор', 'ru', [{ category: 'konstruktory' }]),
  // Attributes: season, gender, colour, size, age, brand.
  q('зимний комбинезон', 'ru', [overalls, winter]),
  q('куртка зимняя', 'ru', [jackets, winter]),
  q('сапоги зимние', 'ru', [{ category: 'sapogi' }, winter]),
  q('летняя шапка', 'ru', [{ category: 'shapki' }, { filter: ['season', 'leto'] }]),
  q('боди для девочки', 'ru', [{ category: 'bodi' }, { filter: ['gender', 'dlya-devochek'] }]),
  q('піжама для хлопчика', 'uk', [{ category: 'pizhamy' }, { filter: ['gender', 'dlya-malchikov'] }]),
  q('куртка розовая', 'ru', [jackets, { filter: ['color', 'rozovyy'] }]),
  q('рожева куртка', 'uk', [jackets, { filter: ['color', 'rozovyy'] }]),
  q('комбинезон 80 см', 'ru', [overalls, { filter: ['size', '80'] }]),
  q('комбинезон на 1 год', 'ru', [overalls, { filter: ['age', ['6-12-mesyacev', '1-3-goda']] }]),
  q('підгузки 4', 'uk', [diapers, { filter: ['size', 'razmer-4'] }]),
  q('подгузники 9 кг', 'ru', [diapers, { filter: ['size', ['razmer-3', 'razmer-4']] }]),
  // The demo shop lists no LEGO construction set: the best partial match holds both kinds.
  q('конструктор lego', 'ru', [], [{ category: 'konstruktory' }, { brand: 'lego' }], 24),
  q('коляска прогулочная', 'ru', [{ category: 'progulochnye-kolyaski' }]),
  q('прогулянкова коляска', 'uk', [{ category: 'progulochnye-kolyaski' }]),
  q('pampers', 'ru', [{ brand: 'pampers' }]),
  // Brands in the other script and on the other layout.
  q('лего', 'ru', [{ brand: 'lego' }]),
  q('ktuj', 'ru', [{ brand: 'lego' }]),
  q('чико', 'ru', [{ brand: 'chicco' }]),
  q('сршссщ', 'ru', [{ brand: 'chicco' }]),
  q('памперс', 'ru', [{ brand: 'pampers' }]),
  // Typos and the wrong layout.
  q('комбенизон', 'ru', [overalls]),
  q('каляска', 'ru', [strollers]),
  q('кросовки', 'ru', [{ category: 'krossovki' }]),
  q('rehnrf', 'ru', [jackets]),
  q(',jlb', 'ru', [{ category: 'bodi' }]),
];

/** Whether a product meets a condition. */
export function meets(product: WireProduct, condition: Condition): boolean {
  const anyOf = (value: string, wanted: string | string[]) =>
    Array.isArray(wanted) ? wanted.includes(value) : value === wanted;
  if (condition.category !== undefined && !anyOf(product.category?.slug ?? '', condition.category)) return false;
  if (condition.folder !== undefined && product.folderCategory.slug !== condition.folder) return false;
  if (condition.brand !== undefined && product.brand?.slug !== condition.brand) return false;
  const wanted = condition.filter;
  if (wanted && !product.filterList.some((f) => f.topic === wanted[0] && anyOf(f.slug, wanted[1]))) return false;
  if (condition.title && !condition.title.test(`${product.title} ${product.titleUkr}`)) return false;
  return true;
}

export interface RecallOutcome {
  query: RecallQuery;
  passed: boolean;
  found: number;
  why: string;
}

/** One query's verdict on the list its search answered. */
export function judge(query: RecallQuery, list: ProductList): RecallOutcome {
  const top = list.items.slice(0, query.top);
  const found = list.pagination.total;
  if (top.length === 0) return { query, passed: false, found, why: 'nothing found' };
  for (const condition of query.all ?? []) {
    const off = top.find((product) => !meets(product, condition));
    if (off) return { query, passed: false, found, why: `«${off.titleUkr}» is not ${JSON.stringify(condition)}` };
  }
  for (const condition of query.some ?? []) {
    if (!top.some((product) => meets(product, condition))) {
      return { query, passed: false, found, why: `none of the top ${query.top} is ${JSON.stringify(condition)}` };
    }
  }
  return { query, passed: true, found, why: '' };
}

/** The service path the results page asks for a query (its first page, spec §9 defaults). */
export function recallPath(query: RecallQuery): string {
  const params = new URLSearchParams({
    project: 'bbs',
    locale: query.locale,
    hasImage: '1',
    withPrice: '1',
    page: '0',
    limit: '24',
    title: query.q,
  });
  return `/public/products?${params.toString()}`;
}

/** Runs every query through `search` and reports the recall (and what failed). */
export async function searchRecall(
  search: (query: RecallQuery) => Promise<ProductList>,
  queries: readonly RecallQuery[] = RECALL_QUERIES,
): Promise<{ recall: number; outcomes: RecallOutcome[] }> {
  const outcomes: RecallOutcome[] = [];
  for (const query of queries) outcomes.push(judge(query, await search(query)));
  return { recall: outcomes.filter((o) => o.passed).length / outcomes.length, outcomes };
}

/** `npm run bench`'s lines: the recall over the list and each query that missed. */
export async function searchRecallReport(shopUrl: string, parse: (body: unknown) => ProductList): Promise<string> {
  const started = performance.now();
  const { recall, outcomes } = await searchRecall(async (query) =>
    parse(await (await fetch(`${shopUrl}/svc/search${recallPath(query)}`)).json()),
  );
  const ms = (performance.now() - started) / outcomes.length;
  const passed = outcomes.filter((o) => o.passed).length;
  const lines = [
    `\nsearch recall over ${outcomes.length} shopper queries (rules on the top results, written for the default demo: seed 42, 2,000 products): ${passed}/${outcomes.length} = ${(recall * 100).toFixed(0)} % (${ms.toFixed(1)} ms a query over HTTP)`,
    ...outcomes
      .filter((o) => !o.passed)
      .map((o) => `  missed «${o.query.q}» (${o.query.locale}, ${o.found} found): ${o.why}`),
  ];
  return lines.join('\n');
}
