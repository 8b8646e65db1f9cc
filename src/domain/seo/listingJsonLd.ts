import { absoluteUrl, breadcrumbJsonLd, SCHEMA_CONTEXT, trailWithPage, type Breadcrumbs } from './jsonLd.ts';

/**
 * Structured data of a product listing (catalogue folder, filter and later pages, brand, promotions,
 * search results): the breadcrumbs it shows, and the page's products as a summary `ItemList` (a
 * position and a URL each, the form Google reads for lists whose items have pages of their own: the
 * products' own JSON-LD carries the rest, so the listing's HTML stays small).
 */
export interface ListingLdInput {
  /** Origin of the site (SITE_URL). */
  origin: string;
  /** The trail the page shows. */
  trail: Breadcrumbs;
  /** Site-relative URL of this page (its canonical one, or the one asked for when it has none). */
  pagePath: string;
  /** The list's name (the page's heading). */
  name: string;
  /** The page's products, in the order shown. */
  items: readonly { href: string }[];
}

export function listingJsonLd(input: ListingLdInput): object[] {
  const breadcrumbs = breadcrumbJsonLd(input.origin, trailWithPage(input.trail, input.pagePath));
  if (input.items.length === 0) return [breadcrumbs];
  return [
    breadcrumbs,
    {
      '@context': SCHEMA_CONTEXT,
      '@type': 'ItemList',
      name: input.name,
      url: absoluteUrl(input.origin, input.pagePath),
      numberOfItems: input.items.length,
      itemListElement: input.items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: absoluteUrl(input.origin, item.href),
      })),
    },
  ];
}
