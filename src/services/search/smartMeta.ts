import type { DatabaseSync } from 'node:sqlite';
import type { WireProduct } from '../../api/schemas/product.ts';
import type { PageMeta, SmartMeta, SmartMetaQuery } from '../../api/schemas/searchMeta.ts';
import { productQuerySchema } from '../../api/schemas/searchQuery.ts';
import { ServiceError } from '../http/serviceApp.ts';
import { str } from '../db/rows.ts';
import type { CatalogueLookup, CategoryInfo, FilterValueInfo, TopicInfo } from './catalogueLookup.ts';
import { valueKey } from './catalogueLookup.ts';
import type { Locale } from '../../api/schemas/common.ts';
import {
  SHOP_NAME,
  buyTitle,
  formatAmount,
  listingDescription,
  lowerFirst,
  pageSentence,
  pageSuffix,
  pick,
} from './metaText.ts';
import type { QueryOptions, QueryResult } from './productQuery.ts';
import type { SearchIndex } from './searchIndex.ts';

/**
 * Smart meta (spec §7 `/public/category/{id}/smart-meta`): h1, title and description of a category
 * page for its active filters and page. An editor's row for exactly this category and filter
 * (none, or one value) wins; otherwise the texts are built from the category title and the filter
 * values, e.g. «Одежда для девочек, цвет розовый, размер 92 см».
 */

/** Topics whose value reads well on its own after the category (`Одежда для девочек`, `Обувь Geox`). */
const VALUE_ONLY_TOPICS = new Set(['category', 'brand', 'gender', 'age', 'promotions', 'own-import']);
/** Topics whose value is a proper name or a code and keeps its case. */
const KEEP_CASE_TOPICS = new Set(['brand', 'size']);

interface SelectedTopic {
  topic: TopicInfo;
  values: FilterValueInfo[];
}

function phrase({ topic, values }: SelectedTopic, locale: Locale): string {
  const titles = values.map((v) => {
    const title = pick(locale, v.title, v.titleUkr);
    return KEEP_CASE_TOPICS.has(topic.slug) ? title : lowerFirst(title);
  });
  const list = titles.join(', ');
  return VALUE_ONLY_TOPICS.has(topic.slug) ? list : `${lowerFirst(pick(locale, topic.title, topic.titleUkr))} ${list}`;
}

/** Generated h1: the category, then each selected topic's values (`selected` in reading order). */
export function generatedH1(category: CategoryInfo, selected: SelectedTopic[], locale: Locale): string {
  const name = pick(locale, category.title, category.titleUkr);
  if (selected.length === 0) return name;
  const [first, ...rest] = selected.map((s) => phrase(s, locale));
  const head = VALUE_ONLY_TOPICS.has(selected[0]?.topic.slug ?? '') ? `${name} ${first}` : `${name}: ${first}`;
  return [head, ...rest].join(', ');
}

export interface SmartMetaDeps {
  runQuery: (lookup: CatalogueLookup, index: SearchIndex, opts: QueryOptions) => QueryResult;
}

export function createSmartMeta(
  db: DatabaseSync,
  deps: SmartMetaDeps,
): (lookup: CatalogueLookup, index: SearchIndex, category: CategoryInfo, query: SmartMetaQuery) => SmartMeta {
  const customRow = db.prepare(
    'SELECT h1, h1_ukr, title, title_ukr, description, description_ukr FROM smart_meta WHERE category_id = ? AND filter_id = ?',
  );

  return (lookup, index, category, query) => {
    const { locale, page } = query;
    const byTopic = new Map<number, SelectedTopic>();
    for (const { topic, values } of query.filters) {
      const info = lookup.topicBySlug.get(topic);
      if (!info) throw new ServiceError(400, `Invalid query: filters: unknown topic "${topic}"`);
      const entry = byTopic.get(info.id) ?? { topic: info, values: [] };
      for (const slug of values) {
        const value = lookup.valueByKey.get(valueKey(topic, slug));
        // Unknown values match nothing on the listing; they are left out of the texts too.
        if (value && !entry.values.includes(value)) entry.values.push(value);
      }
      if (entry.values.length > 0) byTopic.set(info.id, entry);
    }
    // Values that read on their own come first (`Одежда для девочек, цвет розовый`), then by topic order.
    const rank = (s: SelectedTopic): number => (VALUE_ONLY_TOPICS.has(s.topic.slug) ? 0 : 1);
    const selected = [...byTopic.values()].sort((a, b) => rank(a) - rank(b) || a.topic.ordering - b.topic.ordering);
    for (const s of selected) s.values.sort((a, b) => a.ordering - b.ordering);

    // What the page lists (the catalogue defaults: hasImage=1, withPrice=1).
    const listing = productQuerySchema.parse({
      category: category.slug,
      filters: selected.map((s) => ({ topic: s.topic.slug, values: s.values.map((v) => v.slug) })),
      hasImage: 1,
      withPrice: 1,
      limit: 1,
    });
    const result = deps.runQuery(lookup, index, { query: listing, explicitOrder: false });
    const count = result.total;
    const minPrice = count > 0 ? result.price.min : null;

    const values = selected.flatMap((s) => s.values);
    const filterId = values.length === 0 ? 0 : values.length === 1 ? (values[0]?.id ?? -1) : -1;
    const row = filterId === -1 ? undefined : customRow.get(category.id, filterId);
    const base = { locale, category: { id: category.id, slug: category.slug }, page, count, minPrice };
    if (row !== undefined) {
      return {
        ...base,
        custom: true,
        h1: pick(locale, str(row, 'h1'), str(row, 'h1_ukr')),
        title: `${pick(locale, str(row, 'title'), str(row, 'title_ukr'))}${pageSuffix(page, locale)}`,
        description: `${pick(locale, str(row, 'description'), str(row, 'description_ukr'))}${pageSentence(page, locale)}`,
      };
    }
    const h1 = generatedH1(category, selected, locale);
    return {
      ...base,
      custom: false,
      h1,
      title: `${buyTitle(h1, locale)}${pageSuffix(page, locale)}`,
      description: `${listingDescription(h1, count, minPrice, locale)}${pageSentence(page, locale)}`,
    };
  };
}

/** Product page meta (`withSmartMeta=1`): the title, the lowest shown price and the short description. */
export function productMeta(product: WireProduct, locale: Locale): PageMeta {
  const h1 = pick(locale, product.title.replaceAll('&#039;', "'"), product.titleUkr);
  const prices = product.nomenclature
    .filter((v) => !v.isArchival && v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null)
    .map((v) => v.probablyPriceSelling ?? 0);
  const minPrice = prices.length > 0 ? Math.min(...prices) : null;
  const price = minPrice === null ? '' : ` ${pick(locale, 'по цене от', 'за ціною від')} ${formatAmount(minPrice)} грн`;
  const short = pick(locale, product.shortDescription ?? '', product.shortDescriptionUkr ?? '');
  const inShop = `${pick(locale, 'в интернет-магазине', 'в інтернет-магазині')} ${SHOP_NAME}`;
  return {
    locale,
    h1,
    title: price === '' ? buyTitle(h1, locale) : `${h1} — ${pick(locale, 'купить', 'купити')}${price} ${inShop}`,
    description: `${h1}${price} ${inShop}. ${short}`.trim(),
  };
}
