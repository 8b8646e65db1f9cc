import { productTitle } from '../catalog/productTitle.ts';
import { visibleVariants } from '../catalog/variants.ts';
import type { BasketItemInput } from './basketItem.ts';

/** What a basket line needs of a catalogue product (the search service's product fits it). */
export interface BasketProductSource {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  brand: { title: string } | null;
  folderCategory: { title: string };
  category: { title: string } | null;
  shortDescription: string | null;
  allowSubscription: boolean;
  images: readonly { link: string; order: number; colorList: readonly string[] }[];
  nomenclature: readonly BasketVariantSource[];
}

interface Presentation {
  slug: string;
  title: string;
  titleUkr?: string | undefined;
}

/** What a basket line needs of one variant. */
export interface BasketVariantSource {
  id: number;
  displayArticle: string;
  totalAmount: number;
  isArchival: boolean;
  warehouses: readonly { id: number; quantity: number }[];
  colorPresentation:
    (Presentation & { additionalConfig?: { cssBackground?: string | undefined } | null | undefined }) | null;
  sizePresentation: Presentation | null;
  weight: number;
  capacity: number;
  bonusAccrualRate: number | null;
  probablyPriceRecommended: number | null;
  probablyPriceSelling: number | null;
  probablyPriceSubscriptionDiscount: number | null;
}

/** The variant's colour picture: the first by order showing its colour, else the first picture. */
function colourImage(product: BasketProductSource, variant: BasketVariantSource): string | null {
  const ordered = product.images.toSorted((a, b) => a.order - b.order);
  const colour = variant.colorPresentation?.slug;
  const shown = ordered.find((image) => colour !== undefined && image.colorList.includes(colour)) ?? ordered[0];
  return shown?.link ?? null;
}

/**
 * The catalogue data a basket line is made of, for one variant of a product (the add-to-basket
 * form carries it; the basket page builds it for lines kept without JavaScript). Null when the
 * variant cannot be sold (no prices): the form then offers no button. Prices here are only what
 * the shopper sees until the order service's check, which is the authority.
 */
export function basketItemInput(product: BasketProductSource, variantId: number): BasketItemInput | null {
  const variant = visibleVariants(product.nomenclature).find((v) => v.id === variantId);
  if (!variant || variant.probablyPriceRecommended === null || variant.probablyPriceSelling === null) return null;
  const colours = new Set(visibleVariants(product.nomenclature).map((v) => v.colorPresentation?.slug ?? ''));
  return {
    id: variant.id,
    productId: product.id,
    slug: product.slug,
    title: productTitle(product.title),
    titleUkr: productTitle(product.titleUkr),
    brand: product.brand?.title ?? null,
    currentImage: colourImage(product, variant),
    cssBackground: variant.colorPresentation?.additionalConfig?.cssBackground ?? null,
    colorPresentationValue: variant.colorPresentation?.slug ?? null,
    colorPresentationTitle: variant.colorPresentation?.title ?? null,
    colorPresentationTitleUkr: variant.colorPresentation?.titleUkr ?? variant.colorPresentation?.title ?? null,
    sizePresentationValue: variant.sizePresentation?.slug ?? null,
    sizePresentationTitle: variant.sizePresentation?.title ?? null,
    sizePresentationTitleUkr: variant.sizePresentation?.titleUkr ?? variant.sizePresentation?.title ?? null,
    displayArticle: variant.displayArticle,
    folderCategory: product.folderCategory.title,
    category: product.category?.title ?? null,
    colorsCount: colours.size,
    shortDescription: product.shortDescription,
    totalAmount: variant.totalAmount,
    warehouses: variant.warehouses.map((w) => ({ id: w.id, quantity: w.quantity })),
    allowSubscription: product.allowSubscription,
    bonusAccrualRate: variant.bonusAccrualRate,
    recommendedPrice: variant.probablyPriceRecommended,
    sellingPrice: variant.probablyPriceSelling,
    subscriptionPrice: variant.probablyPriceSubscriptionDiscount,
    weight: variant.weight,
    capacity: variant.capacity,
  };
}
