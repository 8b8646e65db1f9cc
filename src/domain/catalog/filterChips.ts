import type { LinkedFacet } from './catalogPageModel.ts';
import type { PriceRange } from './priceRange.ts';

/**
 * The active filters of a catalogue state as chips above the products (issue 29): one per chosen
 * value, and one for the price range, each a plain link to the same list without it (so a chip
 * works without JavaScript). Their number is the count on the «Фільтри» button.
 */
export type FilterChip =
  | {
      kind: 'value';
      topic: string;
      value: string;
      /** The facet's title («Колір»), for the chip's accessible name. */
      topicTitle: string;
      title: string;
      href: string;
      nofollow: boolean;
    }
  | { kind: 'price'; range: PriceRange; href: string };

/**
 * Chips in the filter panel's order (price first, as the panel shows its form first). A chosen value
 * carries the link that unchooses it (a facet's link for an active value is the state without it).
 * `priceOffHref` is the state without the price range; no range, no price chip.
 */
export function filterChips(facets: readonly LinkedFacet[], price: PriceRange, priceOffHref: string): FilterChip[] {
  const chips: FilterChip[] = [];
  if (price.from !== null || price.to !== null) chips.push({ kind: 'price', range: price, href: priceOffHref });
  for (const facet of facets) {
    for (const value of facet.values) {
      if (!value.active) continue;
      chips.push({
        kind: 'value',
        topic: facet.slug,
        value: value.slug,
        topicTitle: facet.title,
        title: value.title,
        href: value.href,
        nofollow: value.nofollow,
      });
    }
  }
  return chips;
}
