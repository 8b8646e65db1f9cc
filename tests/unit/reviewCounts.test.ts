import { describe, expect, it } from 'vitest';
import { starCounts } from '../../src/domain/product/reviewCounts.ts';

describe('a product’s stars per rating', () => {
  it('always five rows, 5 to 1, a level nobody gave as 0', () => {
    expect(
      starCounts({
        total: 7,
        counts: [
          { rating: 4, count: 2 },
          { rating: 5, count: 5 },
        ],
      }),
    ).toEqual([
      { rating: 5, count: 5 },
      { rating: 4, count: 2 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ]);
  });

  it('no review: no rows (the page says there is none)', () => {
    expect(starCounts({ total: 0, counts: [{ rating: 5, count: 0 }] })).toBeNull();
  });
});
