import { describe, expect, it } from 'vitest';
import { variantReviewsFirst } from '../../src/domain/product/variantReviews.ts';

const review = (id: number, productId = 7) => ({ id, productId });
const listed = (reviews: { id: number; ofVariant: boolean }[]) => reviews.map((r) => [r.id, r.ofVariant]);

describe('the chosen variant’s reviews first (issue 25)', () => {
  it('lists the variant’s reviews first, then the others, each once', () => {
    const ordered = variantReviewsFirst(7, [review(5), review(2)], [review(9), review(5), review(4), review(2)], 10);
    expect(listed(ordered)).toEqual([
      [5, true],
      [2, true],
      [9, false],
      [4, false],
    ]);
  });

  it('keeps the page’s size, the variant’s reviews kept first', () => {
    const ordered = variantReviewsFirst(7, [review(1), review(2)], [review(3), review(4), review(1)], 3);
    expect(listed(ordered)).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
  });

  it('leaves out an article match of another product', () => {
    const ordered = variantReviewsFirst(7, [review(8, 99), review(2)], [review(3)], 10);
    expect(listed(ordered)).toEqual([
      [2, true],
      [3, false],
    ]);
  });

  it('without the variant’s reviews (none, or the call failed) the product’s list as it is', () => {
    expect(listed(variantReviewsFirst(7, [], [review(3), review(4)], 10))).toEqual([
      [3, false],
      [4, false],
    ]);
  });
});
