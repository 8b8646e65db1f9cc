import type { StatementSync } from 'node:sqlite';
import type { Locale } from '../../api/schemas/common.ts';
import type { PostGroup } from '../../api/schemas/content.ts';
import { num, str } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';

/** Row readers and types the content repositories share. */

/** One page of a public list: `page` counts from 0. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** A kind stored whole per slug and locale (content blocks, info pages): the editor API's routes serve any such. */
export interface SlugLocaleStore<W, T> {
  find(slug: string, locale: Locale): T | null;
  put(slug: string, locale: Locale, write: W, now: string): T;
  /** False when there was nothing to remove. */
  remove(slug: string, locale: Locale): boolean;
}

/** A `locale` column; the schema's CHECK admits only 'ru' and 'uk', so this narrows without a cast. */
export function localeOf(value: string): Locale {
  return value === 'uk' ? 'uk' : 'ru';
}

/** A `post_group` column; the schema's CHECK admits only 0 and 1. */
export function postGroupOf(value: number): PostGroup {
  return value === 1 ? 1 : 0;
}

/** The `n` of a `SELECT count(*) AS n` statement. */
export function countOf(row: Row | undefined): number {
  return row === undefined ? 0 : num(row, 'n');
}

/** The locales of one post or promotion, from a statement selecting `locale` by the parent id. */
export function localesOf(statement: StatementSync, id: number): Locale[] {
  return statement.all(id).map((row) => localeOf(str(row, 'locale')));
}

/** A write that cannot be applied: `conflict` (409, e.g. a slug of the other group) or `invalid` (400). */
export class WriteError extends Error {
  readonly kind: 'conflict' | 'invalid';

  constructor(kind: 'conflict' | 'invalid', message: string) {
    super(message);
    this.name = 'WriteError';
    this.kind = kind;
  }
}
