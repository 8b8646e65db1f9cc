import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../db/database.ts';
import { num, str } from '../db/rows.ts';
import { fieldsText, nameKeys } from './searchText.ts';

/**
 * The derived search data of the delivery database: settlement name keys and the folded texts of
 * streets and branches. The seed writes them with the rows; `backfillSearchIndex` fills what a
 * database seeded before migration 002 lacks, so its searches work without a reseed.
 */

/** Keys of a settlement's Russian and Ukrainian names, each (key, word) once. */
export function settlementKeys(name: string, nameUkr: string): { key: string; word: number }[] {
  const seen = new Set<string>();
  return [...nameKeys(name), ...nameKeys(nameUkr)].filter(({ key, word }) => {
    const id = `${word}:${key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A street's search text: its names, and each with its type ("вул шевченка"), in both languages. */
export function streetSearchText(s: { name: string; nameUkr: string; type: string; typeUkr: string }): string {
  return fieldsText([s.name, s.nameUkr, `${s.type} ${s.name}`, `${s.typeUkr} ${s.nameUkr}`]);
}

/**
 * A branch's search text: its number, its titles without the weight note ("(до 30 кг)" would make
 * every search for 30 find every branch) and its addresses.
 */
export function branchSearchText(b: {
  number: number;
  title: string;
  titleUkr: string;
  address: string;
  addressUkr: string;
}): string {
  const bare = (title: string): string => title.replace(/\([^)]*\)/g, ' ');
  return fieldsText([String(b.number), bare(b.title), bare(b.titleUkr), b.address, b.addressUkr]);
}

/** Fills missing search data (a database seeded before migration 002); does nothing on a current one. */
export function backfillSearchIndex(db: DatabaseSync): void {
  const counts = db
    .prepare(
      `SELECT (SELECT count(*) FROM settlement) AS settlements,
              (SELECT count(DISTINCT settlement_id) FROM settlement_search_key) AS keyed,
              EXISTS (SELECT 1 FROM street WHERE search_text = '') AS streets,
              EXISTS (SELECT 1 FROM branch WHERE search_text = '' OR schedule_ukr = '') AS branches`,
    )
    .get();
  if (counts === undefined) return;
  const settlementsMissing = num(counts, 'keyed') < num(counts, 'settlements');
  if (!settlementsMissing && num(counts, 'streets') === 0 && num(counts, 'branches') === 0) return;
  inTransaction(db, () => {
    if (settlementsMissing) {
      db.exec('DELETE FROM settlement_search_key');
      const insert = db.prepare('INSERT INTO settlement_search_key (key, settlement_id, word) VALUES (?, ?, ?)');
      for (const r of db.prepare('SELECT id, name, name_ukr FROM settlement').all()) {
        for (const { key, word } of settlementKeys(str(r, 'name'), str(r, 'name_ukr')))
          insert.run(key, num(r, 'id'), word);
      }
    }
    const setStreet = db.prepare('UPDATE street SET search_text = ? WHERE id = ?');
    for (const r of db.prepare("SELECT id, name, name_ukr, type, type_ukr FROM street WHERE search_text = ''").all()) {
      const text = streetSearchText({
        name: str(r, 'name'),
        nameUkr: str(r, 'name_ukr'),
        type: str(r, 'type'),
        typeUkr: str(r, 'type_ukr'),
      });
      setStreet.run(text, num(r, 'id'));
    }
    const setBranch = db.prepare('UPDATE branch SET search_text = ? WHERE id = ?');
    for (const r of db
      .prepare("SELECT id, number, title, title_ukr, address, address_ukr FROM branch WHERE search_text = ''")
      .all()) {
      const text = branchSearchText({
        number: num(r, 'number'),
        title: str(r, 'title'),
        titleUkr: str(r, 'title_ukr'),
        address: str(r, 'address'),
        addressUkr: str(r, 'address_ukr'),
      });
      setBranch.run(text, num(r, 'id'));
    }
    // Older rows have one schedule; it is shown in both languages rather than none in Ukrainian.
    db.exec("UPDATE branch SET schedule_ukr = schedule WHERE schedule_ukr = ''");
  });
}
