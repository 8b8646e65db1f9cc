import type { Locale } from '../../api/schemas/common.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { productTitle } from './productTitle.ts';
import { imageAlt } from '../media/imageAlt.ts';
import { selectVariant, type SelectableVariant } from '../product/variantSelection.ts';
import { cardPrice, type CardPrice } from './variants.ts';

/** What a product card needs of a listed product (the search service's list item fits it). */
export interface CardSource {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  brand: { title: string } | null;
  images: readonly { link: string; alt: string; order: number }[];
  nomenclature: readonly (SelectableVariant & { isNew: boolean; isPromotional: boolean })[];
}

/** A product card as every listing renders it: strings in the page's language, rules applied. */
export interface ProductCardModel {
  id: number;
  href: string;
  title: string;
  brand: string | null;
  image: { src: string; alt: string } | null;
  isNew: boolean;
  isPromo: boolean;
  /** Spec §9 final price with the old price and badge only for a real drop; null when nothing can be sold. */
  price: CardPrice | null;
  /** The product's stars (catalogue pages; absent elsewhere, or when the ratings could not be read or it has none). */
  rating?: CardRating | null;
  /** The variant the card's heart puts in a wish list: the one the product page opens with; null when none shows. */
  wishVariantId: number | null;
}

/** Stars on a card: the average on the 1–5 scale and how many reviews it is of. */
export interface CardRating {
  /** One decimal, with the comma both languages write ("4,5"). */
  average: string;
  /** Whole stars shown filled (the average rounded). */
  stars: number;
  total: number;
}

/** The card's stars from a product's rating; null for a product nobody reviewed. */
export function cardRating(rating: { averageRate: number; total: number }): CardRating | null {
  if (rating.total <= 0 || rating.averageRate <= 0) return null;
  const rate = Math.min(5, Math.max(1, rating.averageRate));
  const average = Math.round(rate * 10) / 10;
  return { average: average.toFixed(1).replace('.', ','), stars: Math.round(rate), total: rating.total };
}

/** The card of `product` in `locale`: the first picture by order, flags of its non-archival variants. */
export function productCard(product: CardSource, locale: Locale): ProductCardModel {
  const title = productTitle(titleIn(locale, product));
  const image = product.images.toSorted((a, b) => a.order - b.order)[0];
  const live = product.nomenclature.filter((v) => !v.isArchival);
  return {
    id: product.id,
    href: routeUrl(routeName('product-page', locale), { slug: product.slug }),
    title,
    brand: product.brand?.title ?? null,
    image: image ? { src: image.link, alt: imageAlt(image.alt, title, locale) } : null,
    isNew: live.some((v) => v.isNew),
    isPromo: live.some((v) => v.isPromotional),
    price: cardPrice(product.nomenclature),
    wishVariantId: selectVariant(product.nomenclature, {})?.id ?? null,
  };
}

/** Cards of a list, in order. */
export function productCards(products: readonly CardSource[], locale: Locale): ProductCardModel[] {
  return products.map((product) => productCard(product, locale));
}
