/**
 * The header's basket count, read straight from the stored basket's JSON: the header script on
 * every page (cached ones included) must stay a few hundred bytes, so it does not load the basket's
 * rules or store. The count is the one basketTotals gives: units of the bought lines (gifts and
 * lines with an error code do not count). Anything unreadable counts as an empty basket.
 */
export function storedUnitCount(raw: string | null): number {
  let basket: unknown;
  try {
    basket = JSON.parse(raw ?? 'null');
  } catch {
    return 0;
  }
  if (typeof basket !== 'object' || basket === null || !('items' in basket) || !Array.isArray(basket.items)) return 0;
  const items: unknown[] = basket.items;
  let units = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const line: Partial<Record<string, unknown>> = { ...item };
    const count = line['count'];
    if (line['itemType'] === 'gift' || (line['errorCode'] ?? 0) !== 0) continue;
    if (typeof count === 'number' && Number.isInteger(count) && count > 0) units += count;
  }
  return units;
}
