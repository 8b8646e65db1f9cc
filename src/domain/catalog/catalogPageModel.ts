import type { CertificateFormModel } from '../certificate/certificatePurchaseForm.ts';
import type { Breadcrumbs, Crumb } from '../seo/jsonLd.ts';
import type { FacetDisplay } from './facetDisplay.ts';
import type { FilterChip } from './filterChips.ts';
import type { SortLink } from './listing.ts';
import type { PageLinks } from './pagination.ts';
import type { PriceRange } from './priceRange.ts';
import type { ProductCardModel } from './productCard.ts';

/** A value of the filter panel with the link a click follows. */
export interface LinkedFacetValue {
  slug: string;
  title: string;
  count: number;
  active: boolean;
  href: string;
  /**
   * The target is not a filter path (spec §2: more than 3 groups, or a group with several
   * values): search engines must not follow it (docs/decisions.md "Filter paths").
   */
  nofollow: boolean;
}

export interface LinkedFacet {
  slug: string;
  title: string;
  values: LinkedFacetValue[];
}

/** The CMS banner of a category, with a link that is safe to put into `href` (or none). */
export interface CatalogBanner {
  img: string;
  alt: string;
  href: string | null;
}

/** A catalogue page (folder or sub-category, with filters, page and sort) as its view renders it. */
export interface CatalogPageModel extends PageLinks {
  trail: Breadcrumbs;
  /** Sub-categories of the current category, as links. */
  children: Crumb[];
  /** The h1: the smart meta's when the search service answers it, else the category title. */
  heading: string;
  /** `<title>`: the smart meta's (page number included), else `{category} — {suffix}[, page n]`. */
  documentTitle: string;
  /** Meta description: the smart meta's, else none. */
  description: string | null;
  products: ProductCardModel[];
  total: number;
  facets: LinkedFacet[];
  /** How the panel shows the facets: the shown category's config (spec §3 topCount, collapse, showCount). */
  facetDisplay: FacetDisplay;
  sorts: SortLink[];
  resetHref: string | null;
  /** The active filters above the products, each a link to the list without it (issue 29). */
  chips: FilterChip[];
  /** The price form: the range shown and where it submits (the current list, page 1, sort and `q` kept). */
  price: PriceRange & { action: string; q: string | null };
  /** CMS banner (null when absent or skipped, spec §5). */
  banner: CatalogBanner | null;
  /** Sanitised CMS HTML of the description, or null. */
  descriptionHtml: string | null;
  robots: 'index,follow' | 'noindex,nofollow';
  /** Canonical path of an indexable page, null otherwise. */
  canonicalPath: string | null;
  /** The gift certificate category's purchase form (empty: the page is cached for everyone), else null. */
  certificatePurchase: CertificateFormModel | null;
  /** Spec §9: the category's best reviews (rating 4 and up, 3 of them) on its first page; empty when none or unreadable. */
  topReviews: TopReview[];
}

/** One of a category's best reviews, with the product it is about. Plain text, rendered escaped. */
export interface TopReview {
  id: number;
  author: string;
  rating: number;
  text: string;
  product: { title: string; href: string } | null;
}
