import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import { childSchema } from '../../api/schemas/user.ts';
import type { Child, childRequestSchema } from '../../api/schemas/user.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';

export type ChildFields = z.output<typeof childRequestSchema>;

/** A shopper's children. Every statement names the customer: another shopper's id matches nothing. */
export interface ChildRepository {
  list(customerId: number): Child[];
  find(customerId: number, id: number): Child | null;
  count(customerId: number): number;
  insert(customerId: number, fields: ChildFields): number;
  update(customerId: number, id: number, fields: ChildFields): boolean;
  remove(customerId: number, id: number): boolean;
}

function childFromRow(row: Row): Child {
  return childSchema.parse({
    id: num(row, 'id'),
    name: str(row, 'name'),
    gender: str(row, 'gender'),
    birthDate: strOrNull(row, 'birth_date'),
  });
}

export function createChildRepository(db: DatabaseSync): ChildRepository {
  const list = db.prepare('SELECT id, name, gender, birth_date FROM child WHERE customer_id = ? ORDER BY id');
  const find = db.prepare('SELECT id, name, gender, birth_date FROM child WHERE customer_id = ? AND id = ?');
  const count = db.prepare('SELECT count(*) AS n FROM child WHERE customer_id = ?');
  const insert = db.prepare(
    'INSERT INTO child (customer_id, name, gender, birth_date) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const update = db.prepare('UPDATE child SET name = ?, gender = ?, birth_date = ? WHERE customer_id = ? AND id = ?');
  const remove = db.prepare('DELETE FROM child WHERE customer_id = ? AND id = ?');
  return {
    list: (customerId) => list.all(customerId).map(childFromRow),
    find: (customerId, id) => {
      const row = find.get(customerId, id);
      return row ? childFromRow(row) : null;
    },
    count: (customerId) => {
      const row = count.get(customerId);
      return row ? num(row, 'n') : 0;
    },
    insert: (customerId, f) => {
      const row = insert.get(customerId, f.name, f.gender, f.birthDate);
      if (!row) throw new Error('the child was not saved');
      return num(row, 'id');
    },
    update: (customerId, id, f) => update.run(f.name, f.gender, f.birthDate, customerId, id).changes === 1,
    remove: (customerId, id) => remove.run(customerId, id).changes === 1,
  };
}
