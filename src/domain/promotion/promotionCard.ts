import type { Locale } from '../../i18n/locale.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { safeImage } from '../content/slides.ts';
import { formatDate } from '../format/date.ts';
import { PROMOTIONS_TOPIC } from './promotionRoute.ts';

/** What the cards need of a promotion of the content service (spec §7). */
export interface PromotionSource {
  slug: string;
  title: string;
  description: string;
  image: string;
  startsAt: string | null;
  endsAt: string | null;
}

/**
 * When a promotion runs, as the page words it: both dates, only a start («с …»), only an end
 * («до …»), or nothing to say. Dates are DD.MM.YYYY in Kyiv: the pages are the same for everyone
 * (cached), so the shopper's own zone cannot be used, and the shop's promotions are Kyiv's days.
 */
export type PromotionPeriod =
  | { kind: 'range'; from: string; to: string }
  | { kind: 'from'; from: string }
  | { kind: 'until'; to: string }
  | { kind: 'none' };

export function promotionPeriod(startsAt: string | null, endsAt: string | null): PromotionPeriod {
  const from = startsAt === null ? '' : formatDate(startsAt);
  const to = endsAt === null ? '' : formatDate(endsAt);
  if (from && to) return { kind: 'range', from, to };
  if (from) return { kind: 'from', from };
  if (to) return { kind: 'until', to };
  return { kind: 'none' };
}

/**
 * The analytics facts of a promotion shown in a place (GA4's promotion fields; accounts §4: an event
 * goes out only with all three). The id is the slug, as on the main page's slides; the slot says
 * where it was shown and in which position (`promotions-list-2`, `product-page-1`).
 */
export interface PromotionAnalytics {
  id: string;
  name: string;
  slot: string;
}

export function promotionAnalytics(promotion: { slug: string; title: string }, place: string, position: number) {
  return { id: promotion.slug, name: promotion.title, slot: `${place}-${position}` } satisfies PromotionAnalytics;
}

/** A promotion as the list and the product page show it. */
export interface PromotionCard {
  slug: string;
  href: string;
  title: string;
  description: string;
  /** A picture URL that is safe to load, or null. */
  image: string | null;
  period: PromotionPeriod;
  analytics: PromotionAnalytics;
}

export function promotionCard(
  locale: Locale,
  promotion: PromotionSource,
  place: string,
  position: number,
): PromotionCard {
  return {
    slug: promotion.slug,
    href: routeUrl(routeName('promotion-page', locale), { slug: promotion.slug }),
    title: promotion.title,
    description: promotion.description,
    image: safeImage(promotion.image),
    period: promotionPeriod(promotion.startsAt, promotion.endsAt),
    analytics: promotionAnalytics(promotion, place, position),
  };
}

/** Spec §3: a product's promotion slug is its filter value in the `promotions` topic (or none). */
export function productPromotionSlug(filterList: readonly { topic: string; slug: string }[]): string | null {
  return filterList.find((filter) => filter.topic === PROMOTIONS_TOPIC)?.slug ?? null;
}

/** The analytics place of a product page's promotion links. */
export const PRODUCT_PAGE_SLOT = 'product-page';

/**
 * The promotions a product page links (the content service's for-product answer): the one its own
 * `promotions` filter names first (spec §3, the promotion its catalogue card is marked with), then
 * the others in the editors' order.
 */
export function productPromotionCards(
  locale: Locale,
  promotions: readonly (PromotionSource & { filterSlug: string | null })[],
  filterList: readonly { topic: string; slug: string }[],
): PromotionCard[] {
  const own = productPromotionSlug(filterList);
  const ordered = [
    ...promotions.filter((p) => own !== null && p.filterSlug === own),
    ...promotions.filter((p) => own === null || p.filterSlug !== own),
  ];
  return ordered.map((promotion, index) => promotionCard(locale, promotion, PRODUCT_PAGE_SLOT, index + 1));
}
