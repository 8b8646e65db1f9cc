/**
 * Issue 25 (accounts spec §7 `/public/review/product-article`): on a product page the reviews of the
 * variant the page stands for (its display article) come first, then the product's other reviews,
 * each once. The page shows one page of reviews, so the merged list keeps that page's size.
 */

interface ListedReview {
  id: number;
  productId: number;
}

/** A review as the page lists it, marked when it is about the chosen variant. */
export type OrderedReview<R> = R & { ofVariant: boolean };

/**
 * The variant's reviews (only those of this product: an article search may match another product's
 * article), then the product's reviews not already listed, at most `limit` in all; order kept
 * within each part (the service's newest first).
 */
export function variantReviewsFirst<R extends ListedReview>(
  productId: number,
  variantReviews: readonly R[],
  productReviews: readonly R[],
  limit: number,
): OrderedReview<R>[] {
  const seen = new Set<number>();
  const listed: OrderedReview<R>[] = [];
  const add = (review: R, ofVariant: boolean) => {
    if (seen.has(review.id) || listed.length >= limit) return;
    seen.add(review.id);
    listed.push({ ...review, ofVariant });
  };
  for (const review of variantReviews) if (review.productId === productId) add(review, true);
  for (const review of productReviews) add(review, false);
  return listed;
}
