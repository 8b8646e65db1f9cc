import type { DatabaseSync } from 'node:sqlite';
import { num, str } from '../db/rows.ts';
import { wordKeys } from './queryVariants.ts';

/**
 * The product titles' terms (FTS5's vocabulary), which the tolerant search reads words against.
 * Reading them scans the whole full-text index (~50 ms at 200,000 products), so, like the listing
 * index, they are read on the index builder's thread (indexWorker.ts) and handed to the text
 * matcher with the index they belong to (`supplyVocabulary`); the matcher reads them itself only
 * when nothing supplies them (an in-memory database).
 */
export interface VocabularyTerm {
  term: string;
  /** Products whose titles hold it. */
  docs: number;
  /** wordKeys(term): how it is compared with what a shopper typed. */
  keys: string[];
  /** The index's columns that hold it (title, title_ukr, brand). */
  columns: string[];
}

export function readFtsVocabulary(db: DatabaseSync): VocabularyTerm[] {
  // fts5vocab lists the index's terms (the table is contentless: the index is all there is).
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.product_fts_vocab USING fts5vocab(main, 'product_fts', 'row')");
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.product_fts_columns USING fts5vocab(main, 'product_fts', 'col')");
  const columns = new Map<string, string[]>();
  for (const row of db.prepare('SELECT term, col FROM temp.product_fts_columns').iterate()) {
    const term = str(row, 'term');
    const list = columns.get(term) ?? [];
    list.push(str(row, 'col'));
    columns.set(term, list);
  }
  return db
    .prepare('SELECT term, doc FROM temp.product_fts_vocab')
    .all()
    .map((row) => {
      const term = str(row, 'term');
      return { term, docs: num(row, 'doc'), keys: wordKeys(term), columns: columns.get(term) ?? [] };
    });
}

const supplied = new WeakMap<DatabaseSync, VocabularyTerm[]>();

/** The vocabulary of the index `db`'s service now answers from. */
export function supplyVocabulary(db: DatabaseSync, terms: VocabularyTerm[]): void {
  supplied.set(db, terms);
}

export function suppliedVocabulary(db: DatabaseSync): VocabularyTerm[] | undefined {
  return supplied.get(db);
}
