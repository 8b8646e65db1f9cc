import { describe, expect, it } from 'vitest';
import { EVERY_FACET_VALUE, facetDisplayOf, facetLayout } from '../../src/domain/catalog/facetDisplay.ts';

const values = (n: number, active: number[] = []) =>
  Array.from({ length: n }, (_, i) => ({ slug: `v${i}`, active: active.includes(i) }));
const slugs = (list: { slug: string }[]) => list.map((value) => value.slug);

describe('the filter panel follows the category config (spec §3 topCount, collapse, showCount)', () => {
  it('shows the first topCount values and puts the rest behind «Показать все»', () => {
    const layout = facetLayout(values(10), { topCount: 8, collapse: false, showCount: true });
    expect(slugs(layout.top)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
    expect(slugs(layout.rest)).toEqual(['v8', 'v9']);
    expect(layout).toMatchObject({ open: true, restOpen: false });
  });

  it('has no «Показать все» when the group fits, or when topCount is 0 (no limit)', () => {
    expect(facetLayout(values(8), { topCount: 8, collapse: false, showCount: true }).rest).toEqual([]);
    expect(facetLayout(values(30), EVERY_FACET_VALUE).rest).toEqual([]);
    expect(facetLayout(values(30), EVERY_FACET_VALUE).top).toHaveLength(30);
  });

  it('starts a group closed when collapse says so, unless it holds a chosen value', () => {
    const display = { topCount: 3, collapse: true, showCount: false };
    expect(facetLayout(values(5), display).open).toBe(false);
    expect(facetLayout(values(5, [1]), display).open).toBe(true);
  });

  it('opens the rest when a chosen value is in it, so no choice is hidden', () => {
    const layout = facetLayout(values(5, [4]), { topCount: 3, collapse: true, showCount: true });
    expect(layout).toMatchObject({ open: true, restOpen: true });
    expect(slugs(layout.rest)).toEqual(['v3', 'v4']);
  });

  it('reads a negative or fractional topCount as no limit', () => {
    expect(facetDisplayOf({ topCount: -2, collapse: true, showCount: false })).toEqual({
      topCount: 0,
      collapse: true,
      showCount: false,
    });
    expect(facetDisplayOf({ topCount: 2.5, collapse: false, showCount: true }).topCount).toBe(0);
    expect(facetDisplayOf({ topCount: 6, collapse: false, showCount: true }).topCount).toBe(6);
  });
});
