import type { TopicAggregation } from './facets.ts';
import { PRICE_TOPIC, WAREHOUSES_TOPIC, type CatalogFilter } from './routePath.ts';

/**
 * Catalogue addresses that cannot exist (issue 25): a filter value no product of the category has
 * is the 404 page, not an empty page that search engines would index and crawlers could mint
 * without end (docs/decisions.md "Filter values that do not exist are the 404 page"). Two checks,
 * neither costing a service call of its own:
 *
 * - `unknownFilter`, before the product list is asked for, against the category config the page
 *   reads anyway: a topic or value the shop does not have at all, a sub-category outside the
 *   folder, a price or warehouse that is not a whole number.
 * - `deadFilter`, after the product list, against its own aggregations: with disjunctive counts a
 *   topic's counts apply every condition but that topic's own choice, so a chosen value counted 0
 *   (or not listed) has no product in the category together with the address's other choices.
 */

/** The special topic whose values are sub-categories (spec §3). */
const CATEGORY_TOPIC = 'category';

/** What an address names that does not exist: a value of a topic, or (value null) the topic itself. */
export interface MissingFilter {
  topic: string;
  value: string | null;
}

/** What the category config says exists. */
export interface FilterVocabulary {
  /** Each topic's values; an empty set means the config lists none, so its values are not checked here. */
  topics: ReadonlyMap<string, ReadonlySet<string>>;
  /** Categories a `category` filter may name: the folder's sub-categories at any depth. */
  categories: ReadonlySet<string>;
}

interface ConfigTopic {
  slug: string;
  filterList: readonly { slug: string }[];
}

interface ConfigCategory {
  slug: string;
  childList: readonly ConfigCategory[];
}

/** The vocabulary of a catalogue under `folder`: the config's topics and the folder's sub-categories. */
export function filterVocabulary(topics: readonly ConfigTopic[], folder: ConfigCategory | null): FilterVocabulary {
  const categories = new Set<string>();
  const walk = (nodes: readonly ConfigCategory[]) => {
    for (const node of nodes) {
      categories.add(node.slug);
      walk(node.childList);
    }
  };
  walk(folder?.childList ?? []);
  return {
    topics: new Map(topics.map((topic) => [topic.slug, new Set(topic.filterList.map((entry) => entry.slug))])),
    categories,
  };
}

/** A price bound or a warehouse id as the shop writes it: plain digits. */
const WHOLE_NUMBER = /^[0-9]{1,9}$/;

/** The first filter of the address that the config says cannot exist, or null. */
export function unknownFilter(filters: readonly CatalogFilter[], vocabulary: FilterVocabulary): MissingFilter | null {
  for (const { topic, values } of filters) {
    const known = (value: string): boolean => {
      if (topic === PRICE_TOPIC || topic === WAREHOUSES_TOPIC) return WHOLE_NUMBER.test(value);
      if (topic === CATEGORY_TOPIC) return vocabulary.categories.has(value);
      const listed = vocabulary.topics.get(topic);
      return listed !== undefined && (listed.size === 0 || listed.has(value));
    };
    const special = topic === PRICE_TOPIC || topic === WAREHOUSES_TOPIC || topic === CATEGORY_TOPIC;
    if (!special && !vocabulary.topics.has(topic)) return { topic, value: null };
    const missing = values.find((value) => !known(value));
    if (missing !== undefined) return { topic, value: missing };
  }
  return null;
}

/**
 * The first chosen value that no product has together with the address's other choices, judged by
 * the product list's disjunctive aggregations; null when every value has products. A price range,
 * a warehouse or search text narrows the counts too (and is typed, not picked from counted links),
 * so with any of them nothing is judged dead: the page says nothing was found, as before.
 */
export function deadFilter(
  state: { filters: readonly CatalogFilter[]; q: string | null },
  aggregations: readonly TopicAggregation[],
): MissingFilter | null {
  if (state.q !== null) return null;
  if (state.filters.some((group) => group.topic === PRICE_TOPIC || group.topic === WAREHOUSES_TOPIC)) return null;
  for (const { topic, values } of state.filters) {
    const counted = aggregations.find((aggregation) => aggregation.slug === topic)?.filterList ?? [];
    const dead = values.find((value) => !counted.some((entry) => entry.slug === value && (entry.count ?? 0) > 0));
    if (dead !== undefined) return { topic, value: dead };
  }
  return null;
}
