import type { Locale } from '../../api/schemas/common.ts';
import { titleIn } from '../../i18n/localized.ts';

/** A topic's values with their disjunctive counts, as the product list's aggregations give them. */
export interface TopicAggregation {
  slug: string;
  ordering: number;
  filterList: readonly { slug: string; count?: number | undefined }[];
}

/** The title of a topic (`topic` null) or of a value inside a topic, in both languages. */
export interface TitleTranslation {
  slug: string;
  topic: string | null;
  title: string;
  titleUkr: string;
}

/** A filter selection as it appears in a catalogue URL: values per topic, in path order. */
export interface FilterSelection {
  topic: string;
  values: string[];
}

export interface FacetValue {
  slug: string;
  title: string;
  count: number;
  active: boolean;
  /** The selection after clicking this value (it toggles). */
  next: FilterSelection[];
}

export interface Facet {
  slug: string;
  title: string;
  values: FacetValue[];
}

/** Topics the catalogue never shows as link filters (category has its own menu, price a range). */
const HIDDEN_TOPICS = new Set(['category', 'price', 'warehouses']);

/** Looks up display titles of topics and values, per locale, falling back to the slug. */
export function translator(translations: readonly TitleTranslation[], locale: Locale) {
  const titles = new Map<string, string>();
  for (const t of translations) titles.set(`${t.topic ?? ''}\u0000${t.slug}`, titleIn(locale, t));
  return {
    topic: (slug: string) => titles.get(`\u0000${slug}`) ?? slug,
    value: (topic: string, slug: string) => titles.get(`${topic}\u0000${slug}`) ?? slug,
  };
}

/** The selection with `value` of `topic` switched on or off; an emptied topic disappears. */
export function toggleFilter(selection: readonly FilterSelection[], topic: string, value: string): FilterSelection[] {
  const existing = selection.find((s) => s.topic === topic);
  if (!existing)
    return [...selection.map((s) => ({ topic: s.topic, values: [...s.values] })), { topic, values: [value] }];
  return selection
    .map((s) => {
      if (s.topic !== topic) return { topic: s.topic, values: [...s.values] };
      const values = s.values.includes(value) ? s.values.filter((v) => v !== value) : [...s.values, value];
      return { topic: s.topic, values };
    })
    .filter((s) => s.values.length > 0);
}

/**
 * The filter panel: the category's topics in its own order (topics it does not list come last, by
 * their ordering), each value with its disjunctive count, whether it is chosen, and the selection a
 * click leads to. Values with no products are hidden unless chosen (a chosen value must stay
 * visible so it can be switched off).
 */
export function buildFacets(
  aggregations: readonly TopicAggregation[],
  categoryTopics: readonly string[],
  selection: readonly FilterSelection[],
  titles: ReturnType<typeof translator>,
): Facet[] {
  const position = (slug: string) => {
    const index = categoryTopics.indexOf(slug);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const chosen = (topic: string, value: string) => selection.some((s) => s.topic === topic && s.values.includes(value));
  return aggregations
    .filter((topic) => !HIDDEN_TOPICS.has(topic.slug))
    .toSorted((a, b) => position(a.slug) - position(b.slug) || a.ordering - b.ordering)
    .map((topic) => ({
      slug: topic.slug,
      title: titles.topic(topic.slug),
      values: topic.filterList
        .filter((entry) => (entry.count ?? 0) > 0 || chosen(topic.slug, entry.slug))
        .map((entry) => ({
          slug: entry.slug,
          title: titles.value(topic.slug, entry.slug),
          count: entry.count ?? 0,
          active: chosen(topic.slug, entry.slug),
          next: toggleFilter(selection, topic.slug, entry.slug),
        })),
    }))
    .filter((facet) => facet.values.length > 0);
}
