import type { DatabaseSync } from 'node:sqlite';
import { cachedByDataVersion } from '../db/dataVersion.ts';
import { num } from '../db/rows.ts';
import { createAttributeMatcher } from './attributeMatch.ts';
import { readFtsVocabulary, suppliedVocabulary, type VocabularyTerm } from './ftsVocabulary.ts';
import { isKeyChunk, queryUnits, type QueryUnit } from './queryUnits.ts';
import { editDistance, keyMatches, queryKeys, typosAllowed, wordKeys } from './queryVariants.ts';

/**
 * Product search by what a shopper types. Issue 12: each word is matched exactly first (FTS5
 * prefix of a title word: titles in both languages and the brand), and only a word that finds
 * nothing is read tolerantly (other script, other keyboard layout, the other language's spelling,
 * a typo or two in a longer word; src/services/search/queryVariants.ts). So an exact match is
 * never outranked or diluted by a guess.
 *
 * Issue 29: a word may also name what the product is or has (its category, season, gender,
 * colour, material, a size or an age: attributeMatch.ts), so «зимовий комбінезон», «комбінезон 80»
 * and «pampers 4» find winter overalls, overalls in 80 cm and Pampers in size 4. Every word must
 * match; when no product matches them all, the answer is the best partial match (the products
 * that match the most, a word naming the kind of product counting double) and says which words
 * were left out, and a word that matches nothing gets its nearest known word as a suggestion.
 */

export interface TextSearch {
  ids: number[];
  /** `all`: every word matched; `some`: the best partial match; `none`: nothing matched. */
  match: 'all' | 'some' | 'none';
  /** The words (as typed) the products shown do not match. */
  unmatched: string[];
  /** The query with each word that matched nothing replaced by its nearest known word, if any. */
  suggestion: string | null;
  /** Some word had more matches than `cap` let the search walk: `ids` are some of the matches, not all. */
  capped: boolean;
}

/**
 * Matches per word the quick search walks (issue 30). 2,000 of «ко»'s 38,000 at 200,000 products
 * still fill ten suggestions and rank five categories; reading them costs ~1 ms, all of them ~20.
 */
export const QUICK_MATCH_CAP = 2000;

/** How much of a text's matches a search walks. */
export interface SearchLimits {
  /**
   * At most this many matches per word are read and walked (the quick search: a 2-letter prefix
   * matches a fifth of a 200,000-product catalogue). Without it every match is.
   */
  cap?: number;
}

export interface TextMatcher {
  /** The same, among the products `allows` lets a listing show (all of them by default). */
  search(text: string, allows?: (id: number) => boolean, language?: Language, limits?: SearchLimits): TextSearch;
}

/** At most this many words are read from a query (a pasted paragraph is not a search). */
const MAX_WORDS = 8;
/** Terms a typed word may stand for: enough for every spelling of a word, not for a flood. */
const MAX_TERMS_PER_WORD = 24;

/** Words as FTS5's unicode61 tokenizer with remove_diacritics makes them (Latin marks dropped: bübchen → bubchen). */
export function queryWords(text: string): string[] {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/([a-z])\p{M}+/gu, '$1')
    .normalize('NFC');
  return (plain.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** Every word must match as a prefix (the exact search). */
export function ftsQuery(text: string): string | null {
  const words = queryWords(text);
  return words.length === 0 ? null : words.map((w) => `"${w}"*`).join(' ');
}

const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;

type Term = VocabularyTerm;

/** A page's language; the suggestion prefers a word of its titles. */
type Language = 'ru' | 'uk';
const TITLE_COLUMN: Record<Language, string> = { ru: 'title', uk: 'title_ukr' };

const matchers = new WeakMap<DatabaseSync, TextMatcher>();

/** The database's matcher: one vocabulary in memory, however many routes search titles. */
export function textMatcherOf(db: DatabaseSync): TextMatcher {
  let matcher = matchers.get(db);
  if (!matcher) {
    matcher = createTextMatcher(db);
    matchers.set(db, matcher);
  }
  return matcher;
}

/** Readings kept per database version: quick search asks the same text twice a keystroke. */
const CACHED_ANSWERS = 64;
/** How far a word may be from a known word to be suggested instead: a third of it, 1 or 2 edits. */
const suggestionDistance = (length: number): number => Math.min(2, Math.max(1, Math.floor(length / 3)));

interface UnitHits {
  ids: Set<number>;
  /**
   * How much matching this word counts in a partial match: 3 when it names the product (a title
   * or category) as typed, 2 when it does so only read tolerantly, 1 for an attribute or a number.
   */
  weight: number;
}

/** Whether rank `a` comes before `b`, element by element. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}

/** What a text's words find, kept per text: the scope of a listing is applied afterwards. */
interface Reading {
  units: QueryUnit[];
  hits: UnitHits[];
  /** Some word's matches were cut at the cap. */
  capped: boolean;
  suggestions: Partial<Record<Language, string | null>>;
}

function createTextMatcher(db: DatabaseSync): TextMatcher {
  const fts = db.prepare('SELECT rowid AS id FROM product_fts WHERE product_fts MATCH ?');
  // FTS5 stops reading at the LIMIT (a capped «ко» reads 2,000 of 38,000 rows: ~1 ms instead of ~20).
  const ftsCapped = db.prepare('SELECT rowid AS id FROM product_fts WHERE product_fts MATCH ? LIMIT ?');
  // Read here only when the index builder supplies none (ftsVocabulary.ts).
  const ownTerms = cachedByDataVersion(db, (): Term[] => readFtsVocabulary(db));
  const terms = (): Term[] => suppliedVocabulary(db) ?? ownTerms();
  const answers = cachedByDataVersion(db, () => new Map<string, Reading>());
  const attributes = createAttributeMatcher(db);

  /** The cap of the reading being made (null: none), and whether it cut anything. */
  let making: { cap: number | null; capped: boolean } = { cap: null, capped: false };
  const run = (match: string): number[] => {
    const { cap } = making;
    const rows = cap === null ? fts.all(match) : ftsCapped.all(match, cap);
    if (cap !== null && rows.length >= cap) making.capped = true;
    return rows.map((row) => num(row, 'id'));
  };
  /** At most the cap of `ids` (an attribute's products: a season or a gender holds tens of thousands). */
  const capped = (ids: Iterable<number>): Iterable<number> => {
    const { cap } = making;
    if (cap === null) return ids;
    const kept: number[] = [];
    for (const id of ids) {
      if (kept.length === cap) {
        making.capped = true;
        break;
      }
      kept.push(id);
    }
    return kept;
  };

  /** The terms `word` may stand for, the most common first. */
  function meanings(word: string): string[] {
    const typed = queryKeys(word);
    const allowed = typosAllowed(word.length);
    return terms()
      .filter((t) => typed.some((key) => t.keys.some((termKey) => keyMatches(key, termKey, allowed))))
      .sort((a, b) => b.docs - a.docs)
      .slice(0, MAX_TERMS_PER_WORD)
      .map((t) => t.term);
  }

  const anyOf = (group: string[]) => `(${group.map(quote).join(' OR ')})`;

  /** Titles a unit matches tolerantly: its words' meanings, or its reading on the other layout. */
  function tolerantTitles(unit: QueryUnit): number[] {
    const found: number[] = [];
    // Keys with punctuation inside (`,jls`) were typed on the Latin layout: only that reading counts.
    if (isKeyChunk(unit)) {
      for (const swap of unit.swaps) {
        const group = meanings(swap);
        if (group.length > 0) found.push(...run(anyOf(group)));
      }
      return found;
    }
    const groups = unit.words.map(meanings);
    if (groups.every((group) => group.length > 0)) found.push(...run(groups.map(anyOf).join(' AND ')));
    return found;
  }

  function hitsOf(unit: QueryUnit): UnitHits {
    const exactTitles = run(unit.words.map((w) => `${quote(w)}*`).join(' '));
    if (unit.number !== null)
      return { ids: new Set([...exactTitles, ...capped(attributes.number(unit, making.cap))]), weight: 1 };
    const exact = attributes.word(unit, false, making.cap);
    if (exactTitles.length > 0 || exact.ids.size > 0) {
      return {
        ids: new Set([...exactTitles, ...capped(exact.ids)]),
        weight: exactTitles.length > 0 || exact.names ? 3 : 1,
      };
    }
    const titles = tolerantTitles(unit);
    const tolerant = attributes.word(unit, true, making.cap);
    return {
      ids: new Set([...titles, ...capped(tolerant.ids)]),
      weight: titles.length > 0 || tolerant.names ? 2 : 1,
    };
  }

  /**
   * The known word nearest to what a unit typed (a title term or an attribute word), or null.
   * Compared as typed and in the other script (not on the other layout: a slip of the layout is
   * found by the search itself); nearer first, then a word of the page's language (its titles or a
   * brand), then one in the script typed, then the commoner: «бади» is «боди» on a Russian page
   * and «боді» on a Ukrainian one.
   */
  function nearestWord(unit: QueryUnit, language: Language): string | null {
    if (unit.number !== null) return null;
    const typed = (isKeyChunk(unit) ? unit.swaps : unit.words).filter((w) => w.length >= 3);
    if (typed.length === 0) return null;
    const cyrillic = /\p{Script=Cyrillic}/u.test(typed.join(''));
    let best: { word: string; rank: number[] } | null = null;
    const consider = (word: string, keys: string[], docs: number, inLanguage: boolean) => {
      const sameScript = /\p{Script=Cyrillic}/u.test(word) === cyrillic ? 0 : 1;
      for (const text of typed) {
        const limit = suggestionDistance(text.length);
        for (const key of wordKeys(text)) {
          for (const termKey of keys) {
            const distance = editDistance(key, termKey, limit);
            if (distance > limit) continue;
            const rank = [distance, inLanguage ? 0 : 1, sameScript, -docs];
            if (!best || before(rank, best.rank)) best = { word, rank };
          }
        }
      }
    };
    const own = (term: Term) => term.columns.includes(TITLE_COLUMN[language]) || term.columns.includes('brand');
    for (const term of terms()) if (!/^\p{N}+$/u.test(term.term)) consider(term.term, term.keys, term.docs, own(term));
    for (const word of attributes.words()) consider(word, wordKeys(word), 0, false);
    return (best as { word: string } | null)?.word ?? null;
  }

  function suggestionFor(units: QueryUnit[], hits: UnitHits[], language: Language): string | null {
    let changed = false;
    const words = units.map((unit, i) => {
      if ((hits[i]?.ids.size ?? 0) > 0) return unit.text;
      const nearest = nearestWord(unit, language);
      if (nearest === null) return unit.text;
      changed = true;
      return nearest;
    });
    return changed ? words.join(' ') : null;
  }

  function read(text: string, cap: number | null): Reading {
    const cache = answers();
    const trimmed = text.trim();
    const key = cap === null ? trimmed : `${cap}\u0000${trimmed}`;
    let found = cache.get(key);
    if (!found) {
      const units = queryUnits(trimmed);
      making = { cap, capped: false };
      found = { units, hits: units.map(hitsOf), capped: making.capped, suggestions: {} };
      making = { cap: null, capped: false };
      if (cache.size >= CACHED_ANSWERS) cache.delete(cache.keys().next().value ?? '');
      cache.set(key, found);
    }
    return found;
  }

  function search(text: string, allows: (id: number) => boolean, language: Language, cap: number | null): TextSearch {
    const reading = read(text, cap);
    const { units, capped: cut } = reading;
    if (units.length === 0) return { ids: [], match: 'none', unmatched: [], suggestion: null, capped: false };
    // Only products the listing may show take part, so a match of every word among hidden products
    // (no picture, no price, another catalogue) does not hide the partial match the shopper can see.
    const hits = reading.hits.map((hit) => ({ weight: hit.weight, ids: new Set([...hit.ids].filter(allows)) }));
    const [smallest, ...others] = hits.toSorted((a, b) => a.ids.size - b.ids.size);
    const all = [...(smallest?.ids ?? [])].filter((id) => others.every((other) => other.ids.has(id)));
    if (all.length > 0) return { ids: all, match: 'all', unmatched: [], suggestion: null, capped: cut };

    const score = new Map<number, number>();
    for (const { ids, weight } of hits) for (const id of ids) score.set(id, (score.get(id) ?? 0) + weight);
    const top = Math.max(0, ...score.values());
    const ids = [...score].filter(([, value]) => value === top).map(([id]) => id);
    let suggestion = reading.suggestions[language];
    if (suggestion === undefined) {
      suggestion = suggestionFor(units, reading.hits, language);
      reading.suggestions[language] = suggestion;
    }
    if (ids.length === 0)
      return { ids: [], match: 'none', unmatched: units.map((u) => u.text), suggestion, capped: cut };
    const unmatched = units.filter((_, i) => !ids.every((id) => hits[i]?.ids.has(id))).map((u) => u.text);
    return { ids, match: 'some', unmatched, suggestion, capped: cut };
  }

  return {
    search: (text, allows = () => true, language = 'ru', limits = {}) =>
      search(text, allows, language, limits.cap ?? null),
  };
}
