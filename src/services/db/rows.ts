import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';

/**
 * Typed readers for SQLite result rows. node:sqlite types every column as SQLOutputValue; these
 * check at runtime instead of casting, so a schema drift fails loudly at the first read.
 */
export type Row = Record<string, SQLOutputValue>;

function fail(column: string, value: unknown, expected: string): never {
  throw new TypeError(`Column ${column}: expected ${expected}, got ${typeof value}`);
}

export function num(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return fail(column, value, 'number');
}

export function numOrNull(row: Row, column: string): number | null {
  return row[column] === null ? null : num(row, column);
}

export function str(row: Row, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : fail(column, value, 'string');
}

export function strOrNull(row: Row, column: string): string | null {
  return row[column] === null ? null : str(row, column);
}

export function bool(row: Row, column: string): boolean {
  return num(row, column) !== 0;
}

/**
 * A row read with setReturnArrays(true): node:sqlite's typings do not model that switch (they still
 * say object rows), but its cells are the same SQLOutputValues. Only the shape is checked here, per
 * row; the cells are checked where they are read, as with `Row`.
 */
function isPositionalRow(row: unknown): row is SQLOutputValue[] {
  return Array.isArray(row);
}

/** All rows of `statement` as positional arrays (faster to read than objects for bulk loads). */
export function allAsArrays(statement: StatementSync, ...params: SQLInputValue[]): SQLOutputValue[][] {
  statement.setReturnArrays(true);
  const rows: unknown[] = statement.all(...params);
  return rows.map((row) => {
    if (!isPositionalRow(row)) throw new TypeError('expected positional rows');
    return row;
  });
}
