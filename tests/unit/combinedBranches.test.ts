import { describe, expect, it } from 'vitest';
import { branchSearchSlugs } from '../../src/domain/checkout/combinedBranches.ts';

/** The carriers the checkout's branch search looks through (combined warehouses, storefront spec §7). */

describe('the carriers of a branch search', () => {
  it('are the chosen branch method first, then the other branch methods offered, in their order', () => {
    expect(
      branchSearchSlugs('u-warehouse', ['im-courier', 'np-warehouse', 'np-postbox', 'u-warehouse', 'pick-and-collect']),
    ).toEqual(['u-warehouse', 'np-warehouse', 'np-postbox']);
  });

  it('are the chosen one alone where the city has no other carrier’s branches for the basket', () => {
    expect(branchSearchSlugs('np-warehouse', ['np-warehouse', 'np-courier', 'meest-courier'])).toEqual([
      'np-warehouse',
    ]);
    expect(branchSearchSlugs('np-warehouse', [])).toEqual(['np-warehouse']);
  });
});
