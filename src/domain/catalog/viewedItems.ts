/**
 * Recently viewed products (spec accounts §9 "Recently viewed items capped at 12", local storage
 * key `viewedItems` per customer or anon; issue 12): product ids, the latest first. Pure: the
 * stores read and write the storage, the page asks the server for the cards.
 */

export const VIEWED_LIMIT = 12;

const ID = /^[1-9]\d{0,8}$/;

/** What the storage holds, read leniently: anything that is not a list of ids is an empty list. */
export function parseViewed(raw: string | null): number[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is number => typeof id === 'number' && ID.test(String(id)));
  return [...new Set(ids)].slice(0, VIEWED_LIMIT);
}

/** The list after viewing `id`: first, once, at most VIEWED_LIMIT. */
export function recordViewed(list: readonly number[], id: number): number[] {
  return [id, ...list.filter((seen) => seen !== id)].slice(0, VIEWED_LIMIT);
}

/** At sign-in (spec §4 "viewed items are synced"): what this browser saw anonymously comes first. */
export function mergeViewed(customer: readonly number[], anonymous: readonly number[]): number[] {
  return [...new Set([...anonymous, ...customer])].slice(0, VIEWED_LIMIT);
}

/**
 * The ids of the server's viewed-products fragment (`?ids=3,1,2`): 1 to VIEWED_LIMIT distinct
 * positive ids in the order given, or null (the fragment is then a 404: a malformed URL).
 */
export function parseViewedIds(raw: string | null): number[] | null {
  if (raw === null) return null;
  const parts = raw.split(',');
  if (parts.length === 0 || parts.length > VIEWED_LIMIT || !parts.every((part) => ID.test(part))) return null;
  const ids = parts.map(Number);
  return new Set(ids).size === ids.length ? ids : null;
}
