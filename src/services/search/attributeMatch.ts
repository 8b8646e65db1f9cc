import type { DatabaseSync } from 'node:sqlite';
import { cachedByDataVersion } from '../db/dataVersion.ts';
import { num, numOrNull, str } from '../db/rows.ts';
import { ATTRIBUTE_TOPICS, ATTRIBUTE_WORDS } from './attributeWords.ts';
import { isKeyChunk, stem, type QueryUnit } from './queryUnits.ts';
import { fold, keyMatches, queryKeys, typosAllowed, wordKeys } from './queryVariants.ts';

/**
 * Products by what a search word says about them besides their titles (issue 29): a category
 * («комбінезон» finds the «Чоловічок» overalls of «Комбінезони»), a season, gender, colour or
 * material (titles and the words of attributeWords.ts), and numbers: a size (80 → 80 см, 4 →
 * 4 (8–14 кг), 9 кг → the diaper sizes that carry 9 kg) or an age (1 год → 1–3 года, 6–12 месяцев).
 */

type Owner = { kind: 'value'; id: number } | { kind: 'category'; id: number };

interface Entry {
  /** The word as its title writes it (lower case). */
  word: string;
  /** The word folded, and without its ending. */
  folded: string;
  stem: string;
  /** Folded spellings in both scripts (tolerant matching). */
  keys: string[];
  owner: Owner;
  /** A category word: it names what the product is, as a title word does. */
  names: boolean;
  /** A word of a folder's longer title («Коляски и автокресла»): only when nothing narrower has it. */
  broad: boolean;
}

interface SizeValue {
  id: number;
  lead: number;
  cm: boolean;
  kg: [number, number] | null;
}

interface Vocabulary {
  entries: Entry[];
  sizes: SizeValue[];
  ages: { id: number; months: [number, number] }[];
  /** Product ids per owner (and cap), filled as owners are asked for. */
  products: Map<string, number[]>;
}

export interface AttributeHit {
  ids: Set<number>;
  /** Some category matched: the word names a kind of product. */
  names: boolean;
}

export interface AttributeMatcher {
  /** `cap` (the quick search): at most this many products of each attribute, and of all (issue 30). */
  word(unit: QueryUnit, tolerant: boolean, cap?: number | null): AttributeHit;
  number(unit: QueryUnit, cap?: number | null): Set<number>;
  /** Every attribute word as written (lower case), for did-you-mean. */
  words(): string[];
}

const WORD = /[\p{L}\p{N}]+/gu;

function entriesOf(text: string, owner: Owner, names: boolean): Entry[] {
  return (text.toLowerCase().match(WORD) ?? [])
    .filter((word) => word.length >= 3 && !/^\p{N}+$/u.test(word))
    .map((word) => {
      const folded = fold(word);
      return { word, folded, stem: stem(folded), keys: wordKeys(word).map(stem), owner, names, broad: false };
    });
}

const AGE_SLUG = /^(\d+)-(\d+)-(mesyacev|goda|let)$/;
const SIZE_TITLE = /^(\d+)(?:\s*(см)|\s*\((\d+)(?:–(\d+)|\+)\s*кг\))?/u;

function buildVocabulary(db: DatabaseSync): Vocabulary {
  const entries: Entry[] = [];
  const sizes: SizeValue[] = [];
  const ages: Vocabulary['ages'] = [];
  const values = db
    .prepare(
      `SELECT v.id, v.slug, v.title, v.title_ukr, t.slug AS topic
       FROM filter_value v JOIN topic t ON t.id = v.topic_id`,
    )
    .all();
  for (const row of values) {
    const id = num(row, 'id');
    const topic = str(row, 'topic');
    const slug = str(row, 'slug');
    const owner: Owner = { kind: 'value', id };
    if (ATTRIBUTE_TOPICS.includes(topic)) {
      const extra = ATTRIBUTE_WORDS[topic]?.[slug] ?? [];
      for (const text of [str(row, 'title'), str(row, 'title_ukr'), ...extra])
        entries.push(...entriesOf(text, owner, false));
    }
    if (topic === 'size') {
      const match = SIZE_TITLE.exec(str(row, 'title'));
      if (match?.[1] !== undefined) {
        const low = match[3] === undefined ? null : Number(match[3]);
        const high = match[4] === undefined ? Number.POSITIVE_INFINITY : Number(match[4]);
        sizes.push({ id, lead: Number(match[1]), cm: match[2] !== undefined, kg: low === null ? null : [low, high] });
      }
    }
    if (topic === 'age') {
      const match = AGE_SLUG.exec(slug);
      if (match) {
        const factor = match[3] === 'mesyacev' ? 1 : 12;
        ages.push({ id, months: [Number(match[1]) * factor, Number(match[2]) * factor] });
      }
    }
  }
  for (const row of db.prepare('SELECT id, title, title_ukr, parent_id FROM category').all()) {
    const owner: Owner = { kind: 'category', id: num(row, 'id') };
    // A folder's title names a whole department. A one-word title («Одежда», «Іграшки») is what the
    // shopper means by that word; a word of a longer one («Коляски и автокресла») is not: «коляска»
    // means the strollers' sub-categories, not the car seats beside them.
    const folder = numOrNull(row, 'parent_id') === null;
    for (const text of [str(row, 'title'), str(row, 'title_ukr')]) {
      const words = entriesOf(text, owner, !folder);
      const broad = folder && words.length > 1;
      entries.push(...words.map((entry) => ({ ...entry, broad })));
    }
  }
  return { entries, sizes, ages, products: new Map() };
}

export function createAttributeMatcher(db: DatabaseSync): AttributeMatcher {
  const vocabulary = cachedByDataVersion(db, () => buildVocabulary(db));
  // -1: no limit. A folder holds tens of thousands of products at 200,000: the quick search reads
  // only its cap of them (~1 ms instead of ~40).
  const byValue = db.prepare('SELECT product_id AS id FROM product_filter WHERE filter_id = ? LIMIT ?');
  const byCategory = db.prepare('SELECT id FROM product WHERE category_id = ?1 OR folder_category_id = ?1 LIMIT ?2');

  const productsOf = (owner: Owner, cap: number | null): number[] => {
    const cache = vocabulary().products;
    const key = `${owner.kind}:${owner.id}:${cap ?? ''}`;
    let ids = cache.get(key);
    if (!ids) {
      ids = (owner.kind === 'value' ? byValue : byCategory).all(owner.id, cap ?? -1).map((row) => num(row, 'id'));
      cache.set(key, ids);
    }
    return ids;
  };

  const collect = (owners: Iterable<Owner>, cap: number | null): Set<number> => {
    const ids = new Set<number>();
    const seen = new Set<string>();
    for (const owner of owners) {
      const key = `${owner.kind}:${owner.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const id of productsOf(owner, cap)) {
        // One more than the cap: the caller learns that the cap cut the matches.
        if (cap !== null && ids.size > cap) return ids;
        ids.add(id);
      }
    }
    return ids;
  };

  return {
    word(unit, tolerant, cap = null) {
      const typed = unit.words.length === 1 ? (unit.words[0] ?? '') : '';
      if (unit.number !== null || (!tolerant && typed === '')) return { ids: new Set(), names: false };
      const hits: Entry[] = [];
      if (!tolerant) {
        const folded = fold(typed);
        const typedStem = stem(folded);
        for (const entry of vocabulary().entries) {
          if (entry.stem === typedStem || (folded.length >= 3 && entry.folded.startsWith(folded))) hits.push(entry);
        }
      } else {
        const keys = (isKeyChunk(unit) ? unit.swaps.flatMap(wordKeys) : queryKeys(typed)).map(stem);
        const allowed = typosAllowed(isKeyChunk(unit) ? Math.max(...unit.swaps.map((s) => s.length)) : typed.length);
        // The other layout or script spelled right first; typos only when that finds nothing.
        for (const entry of vocabulary().entries) {
          if (keys.some((key) => entry.keys.some((term) => keyMatches(key, term, 0)))) hits.push(entry);
        }
        if (hits.length === 0) {
          for (const entry of vocabulary().entries) {
            if (keys.some((key) => entry.keys.some((term) => keyMatches(key, term, allowed)))) hits.push(entry);
          }
        }
      }
      const narrow = hits.filter((hit) => !hit.broad);
      const used = narrow.length > 0 ? narrow : hits;
      return {
        ids: collect(
          used.map((hit) => hit.owner),
          cap,
        ),
        names: used.some((hit) => hit.names),
      };
    },

    number(unit, cap = null) {
      if (unit.number === null) return new Set();
      const { value, measure } = unit.number;
      const { sizes, ages } = vocabulary();
      const owners: Owner[] = [];
      if (measure.kind === 'months') {
        const months = value * measure.factor;
        for (const age of ages)
          if (months >= age.months[0] && months <= age.months[1]) owners.push({ kind: 'value', id: age.id });
      } else if (measure.kind === 'kg') {
        for (const size of sizes)
          if (size.kg && value >= size.kg[0] && value <= size.kg[1]) owners.push({ kind: 'value', id: size.id });
      } else {
        for (const size of sizes) {
          if (size.lead === value && (measure.kind === 'any' || size.cm)) owners.push({ kind: 'value', id: size.id });
        }
      }
      return collect(owners, cap);
    },

    words() {
      return [...new Set(vocabulary().entries.map((entry) => entry.word))];
    },
  };
}
