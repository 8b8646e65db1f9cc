import { breadcrumbJsonLd } from './jsonLd.ts';
/** Spec §5 structured data: at most 3 images and 3 reviews per product, currency UAH, ratings 1 to 5. */
export const MAX_LD_IMAGES = 3;
export const MAX_LD_REVIEWS = 3;
export const WORST_RATING = 1;
export const BEST_RATING = 5;

export interface ReviewLd {
  author: string;
  /** 1..5; anything else leaves the review out. */
  rating: number;
  body: string;
  /** ISO date or instant. */
  createdAt: string;
}

export interface ProductLdInput {
  origin: string;
  name: string;
  description: string | null;
  brand: string | null;
  sku: string;
  /** Site-relative or absolute image URLs, best first; none: the data has no `image`. */
  images: readonly string[];
  /** Site-relative canonical URL of the product. */
  url: string;
  price: number;
  stock: number;
  isPreOrder: boolean;
  /** Breadcrumbs from the main page to the product itself. */
  crumbs: readonly { title: string; href: string }[];
  /** Newest first; at most 3 are used. Absent or empty: no reviews in the data. */
  reviews?: readonly ReviewLd[] | undefined;
  /** Average (0..5) and count of every review of the product; null or count 0: no aggregateRating. */
  rating?: { average: number; count: number } | null | undefined;
  /** The offer's `shippingDetails` (offerPolicies.ts); empty or absent: none. */
  shipping?: readonly object[] | undefined;
  /** The offer's `hasMerchantReturnPolicy` (offerPolicies.ts), when known. */
  returnPolicy?: object | undefined;
}

const inScale = (rating: number) => Number.isFinite(rating) && rating >= WORST_RATING && rating <= BEST_RATING;

/** `Rating` on the spec's 1..5 scale. */
function ratingLd(value: number): object {
  return { '@type': 'Rating', ratingValue: value, bestRating: BEST_RATING, worstRating: WORST_RATING };
}

/** The product's reviews and rating summary, only where they fit the 1..5 scale. */
function reviewFields(input: ProductLdInput): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const rating = input.rating;
  if (rating && rating.count > 0 && inScale(rating.average)) {
    fields['aggregateRating'] = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(rating.average * 10) / 10,
      reviewCount: rating.count,
      bestRating: BEST_RATING,
      worstRating: WORST_RATING,
    };
  }
  const reviews = (input.reviews ?? [])
    .filter((review) => inScale(review.rating))
    .slice(0, MAX_LD_REVIEWS)
    .map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.body,
      reviewRating: ratingLd(review.rating),
    }));
  if (reviews.length > 0) fields['review'] = reviews;
  return fields;
}

/** JSON-LD `Product` with its `Offer` (and reviews and rating when given), and the page's `BreadcrumbList`. */
export function productJsonLd(input: ProductLdInput): object[] {
  const absolute = (path: string) => new URL(path, input.origin).href;
  const availability =
    input.stock > 0
      ? 'https://schema.org/InStock'
      : input.isPreOrder
        ? 'https://schema.org/PreOrder'
        : 'https://schema.org/OutOfStock';
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: input.name,
      sku: input.sku,
      ...(input.images.length > 0 ? { image: input.images.slice(0, MAX_LD_IMAGES).map(absolute) } : {}),
      ...(input.description ? { description: input.description } : {}),
      ...(input.brand ? { brand: { '@type': 'Brand', name: input.brand } } : {}),
      offers: {
        '@type': 'Offer',
        url: absolute(input.url),
        price: input.price,
        priceCurrency: 'UAH',
        availability,
        ...(input.shipping && input.shipping.length > 0 ? { shippingDetails: input.shipping } : {}),
        ...(input.returnPolicy ? { hasMerchantReturnPolicy: input.returnPolicy } : {}),
      },
      ...reviewFields(input),
    },
    breadcrumbJsonLd(input.origin, input.crumbs),
  ];
}
