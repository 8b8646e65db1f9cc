/**
 * Reading what the browser kept (localStorage, sessionStorage): another tab, an older version of the
 * shop or a curious shopper may have written anything there, so it is parsed without ever throwing
 * and checked field by field by its reader.
 */

/** A JSON object's fields (not null, not an array). */
export type Fields = Readonly<Record<string, unknown>>;

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.parse that answers undefined instead of throwing (nothing stored, or not JSON). */
export function parseJson(raw: string | null | undefined): unknown {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
