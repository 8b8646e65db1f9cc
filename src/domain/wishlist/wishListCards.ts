import type { Locale } from '../../api/schemas/common.ts';
import { titleIn } from '../../i18n/localized.ts';
import { productCard, type CardSource, type ProductCardModel } from '../catalog/productCard.ts';
import { colorSlug, WITHOUT_COLOR } from '../product/variantSelection.ts';

/**
 * A wish-list item as a page shows it (accounts spec §3: wishListItems carry their `product`): the
 * catalogue's card of its product, leading to the product page in the variant kept, and that
 * variant's colour and size. A product the catalogue no longer lists has no card.
 */
export interface WishItemCard {
  card: ProductCardModel;
  /** The kept variant's colour and size titles, in the page's language (null when it has none or is gone). */
  color: string | null;
  size: string | null;
}

/** The card of the item's product in the kept variant, or null when the product is not listed. */
export function wishItemCard(
  product: CardSource | undefined,
  nomenclatureId: number,
  locale: Locale,
): WishItemCard | null {
  if (!product) return null;
  const card = productCard(product, locale);
  const variant = product.nomenclature.find((v) => v.id === nomenclatureId);
  if (!variant) return { card, color: null, size: null };
  const color = colorSlug(variant);
  const query = new URLSearchParams();
  if (color !== WITHOUT_COLOR) query.set('color', color);
  if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
  const search = query.toString();
  return {
    // The product page opens the kept variant (its pickers are links of the same query).
    card: { ...card, href: search === '' ? card.href : `${card.href}?${search}`, wishVariantId: nomenclatureId },
    color: variant.colorPresentation ? titleIn(locale, variant.colorPresentation) : null,
    size: variant.sizePresentation ? titleIn(locale, variant.sizePresentation) : null,
  };
}
