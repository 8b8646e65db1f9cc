import type { DatabaseSync } from 'node:sqlite';
import { cachedByDataVersion } from '../db/dataVersion.ts';
import { num, str } from '../db/rows.ts';
import { keyMatches, queryKeys, typosAllowed, wordKeys } from './queryVariants.ts';

/**
 * Product title search (titles in both languages and the brand, FTS5 `product_fts`). Exact first:
 * every word as the start of a word of the title, as before. Only when that finds nothing does
 * the tolerant search run (issue 12): each typed word stands for the indexed terms it may mean
 * (other script, other keyboard layout, the other language's spelling, a typo or two in a longer
 * word; src/services/search/queryVariants.ts). So an exact match is never outranked or diluted
 * by a guess, and a guess never adds to results the shopper's own spelling found.
 */

export interface TextMatcher {
  /** Ids of the products whose titles match `text` (exact, else tolerant); empty for no words. */
  productIds(text: string): number[];
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

interface Term {
  term: string;
  docs: number;
  keys: string[];
}

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

function createTextMatcher(db: DatabaseSync): TextMatcher {
  // fts5vocab lists the index's terms (the table is contentless: the index is all there is).
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.product_fts_vocab USING fts5vocab(main, 'product_fts', 'row')");
  const fts = db.prepare('SELECT rowid AS id FROM product_fts WHERE product_fts MATCH ?');
  const vocabulary = db.prepare('SELECT term, doc FROM temp.product_fts_vocab');
  const terms = cachedByDataVersion(db, (): Term[] =>
    vocabulary.all().map((row) => {
      const term = str(row, 'term');
      return { term, docs: num(row, 'doc'), keys: wordKeys(term) };
    }),
  );

  const run = (match: string): number[] => fts.all(match).map((row) => num(row, 'id'));

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

  return {
    productIds(text) {
      const exact = ftsQuery(text);
      if (exact === null) return [];
      const found = run(exact);
      if (found.length > 0) return found;
      const groups = queryWords(text).map(meanings);
      if (groups.some((group) => group.length === 0)) return [];
      return run(groups.map((group) => `(${group.map(quote).join(' OR ')})`).join(' AND '));
    },
  };
}
