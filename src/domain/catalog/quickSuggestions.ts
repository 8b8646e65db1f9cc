import type { Locale } from '../../api/schemas/common.ts';
import { titleIn } from '../../i18n/localized.ts';
import { withLocale } from '../../i18n/locale.ts';
import { CURRENCY_SIGN, formatAmount } from '../../i18n/amount.ts';
import type { CardSource } from './productCard.ts';
import { productTitle } from './productTitle.ts';
import { cardPrice, type PricedVariant } from './variants.ts';

/** A product found by the quick search: what its line shows (no card, no heart: prices need no more than this). */
type ProductHit = Omit<CardSource, 'nomenclature'> & { nomenclature: readonly PricedVariant[] };

/** A category found by the quick search, with its parent (the path is parent/slug). */
export interface CategoryHit {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  parent: { slug: string } | null;
  /** Matching products in it, when the service counted them. */
  count: number | null;
}

/** One suggestion of the quick search: where it leads, its text and a detail (count or price). */
export interface Suggestion {
  key: string;
  href: string;
  text: string;
  detail: string;
}

export interface Suggestions {
  categories: Suggestion[];
  products: Suggestion[];
}

/**
 * The quick search's answer as the box shows it, in `locale`: categories with their product
 * counts, products with their final price (spec §9). Paths are built with the locale prefix only
 * (no route table), since this runs in the browser.
 */
export function quickSuggestions(
  found: { categories: readonly CategoryHit[]; products: readonly ProductHit[] },
  locale: Locale,
): Suggestions {
  return {
    categories: found.categories.map((c) => ({
      key: `c-${c.id}`,
      href: withLocale(`${c.parent ? `/${c.parent.slug}` : ''}/${c.slug}`, locale),
      text: titleIn(locale, c),
      detail: c.count === null ? '' : formatAmount(c.count),
    })),
    products: found.products.map((p) => {
      const price = cardPrice(p.nomenclature);
      return {
        key: `p-${p.id}`,
        href: withLocale(`/product/${p.slug}`, locale),
        text: productTitle(titleIn(locale, p)),
        detail: price ? `${formatAmount(price.final)} ${CURRENCY_SIGN[locale]}` : '',
      };
    }),
  };
}
