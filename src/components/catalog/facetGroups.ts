/**
 * The filter panel's groups and «Показати всі» parts (`<details>`, FilterPanel.astro) across a swap
 * of the filters region: each stays as the shopper left it, and one holding a chosen value is open.
 * Without this, every choice would close again the groups the shopper had opened to reach it.
 */
export function keepFacetGroups(shown: Element, incoming: Element): void {
  const groups = (root: Element) =>
    root.querySelectorAll<HTMLDetailsElement>('details[data-facet],details[data-facet-more]');
  const keyOf = (details: HTMLDetailsElement) =>
    `${details.dataset.facet ?? ''}\u0000${details.dataset.facetMore ?? ''}`;
  const wasOpen = new Map(Array.from(groups(shown), (details) => [keyOf(details), details.open]));
  for (const details of groups(incoming)) {
    const open = wasOpen.get(keyOf(details));
    if (open !== undefined) details.open = open || details.querySelector('[aria-current="true"]') !== null;
  }
}
