/**
 * Spec §5/§9: "Search starts only after at least 2 characters." Counted in characters as a shopper
 * sees them (code points), so an emoji or a letter outside the BMP counts once, the same in the
 * quick-search store, the search results page and the catalogue's `q`.
 */
export const MIN_SEARCH_LENGTH = 2;

/** True when `text`, trimmed, is long enough to search for. */
export function isSearchable(text: string): boolean {
  return Array.from(text.trim()).length >= MIN_SEARCH_LENGTH;
}
