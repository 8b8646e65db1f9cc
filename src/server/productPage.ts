import type { AstroGlobal } from 'astro';
import { isApiError } from '../api/apiError.ts';
import type { ProductDetail } from '../api/schemas/productDetail.ts';
import type { WireVariant } from '../api/schemas/product.ts';
import { getProduct } from '../api/search.ts';
import { discountPercent } from '../domain/catalog/variants.ts';
import { productTitle } from '../domain/catalog/productTitle.ts';
import {
  colorOptions,
  colorSlug,
  selectVariant,
  sizeOptions,
  type ColorOption,
  type SizeOption,
} from '../domain/product/variantSelection.ts';
import { routeName, routeUrl } from '../i18n/routes.ts';
import { serverApi } from './apiClient.ts';
import type { Crumb } from './catalogPage.ts';
import { cachePublicPage } from './pageCache.ts';

export interface ProductPageData {
  product: ProductDetail;
  title: string;
  variant: WireVariant;
  colors: (ColorOption & { href: string; current: boolean })[];
  sizes: (SizeOption & { href: string; current: boolean })[];
  images: ProductDetail['images'];
  price: { selling: number; recommended: number; discount: number };
  crumbs: Crumb[];
  canonicalPath: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `/product/{slug}?color=&size=`: the product with the chosen variant. The colour and size pickers
 * are links, so a chosen variant has a URL that can be shared and reopens it; the canonical URL is
 * the product without them. Unknown slug → null (404).
 */
export async function loadProductPage(astro: AstroGlobal, slug: string | undefined): Promise<ProductPageData | null> {
  if (!slug || !SLUG.test(slug)) return null;
  const { locale, t } = astro.locals;
  let product: ProductDetail;
  try {
    product = await getProduct(serverApi(locale), slug, { withPrice: true });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
  const wanted = { color: astro.url.searchParams.get('color'), size: astro.url.searchParams.get('size') };
  const variant = selectVariant(product.nomenclature, wanted);
  if (!variant) return null;
  const color = colorSlug(variant);
  // Spec §4: "the first chosen colour moves to the front". With link pickers the first choice is the
  // page's own (the variant it opens with), so the list stays put while the shopper clicks around.
  const opening = selectVariant(product.nomenclature, {});
  const firstColor = opening ? colorSlug(opening) : null;
  const base = routeUrl(routeName('product-page', locale), { slug: product.slug });
  const href = (c: string, s?: string | null) =>
    `${base}?${new URLSearchParams(s ? { color: c, size: s } : { color: c })}`;

  const selling = variant.probablyPriceSelling ?? 0;
  const recommended = variant.probablyPriceRecommended ?? selling;
  const images = product.images
    .filter((image) => image.colorList.length === 0 || image.colorList.includes(color))
    .toSorted((a, b) => a.order - b.order);
  const crumbs: Crumb[] = [
    { title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) },
    {
      title:
        locale === 'uk'
          ? (product.folderCategory.titleUkr ?? product.folderCategory.title)
          : product.folderCategory.title,
      href: routeUrl(routeName('catalog-page', locale), { folderCategory: product.folderCategory.slug }),
    },
  ];
  if (product.category && product.category.slug !== product.folderCategory.slug) {
    crumbs.push({
      title: locale === 'uk' ? (product.category.titleUkr ?? product.category.title) : product.category.title,
      href: routeUrl(routeName('category-page', locale), {
        folderCategory: product.folderCategory.slug,
        category: product.category.slug,
      }),
    });
  }

  cachePublicPage(astro, ['catalog', `product:${product.id}`, `category:${product.folderCategory.slug}`]);
  return {
    product,
    title: productTitle(locale === 'uk' ? product.titleUkr : product.title),
    variant,
    colors: colorOptions(product.nomenclature, firstColor).map((c) => ({
      ...c,
      href: href(c.slug),
      current: c.slug === color,
    })),
    sizes: sizeOptions(product.nomenclature, color).map((s) => ({
      ...s,
      href: href(color, s.slug),
      current: s.slug === variant.sizePresentation?.slug,
    })),
    images: images.length > 0 ? images : product.images.toSorted((a, b) => a.order - b.order),
    price: { selling, recommended, discount: discountPercent(recommended, selling) },
    crumbs,
    canonicalPath: base,
  };
}
