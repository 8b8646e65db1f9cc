import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import { getContentBlock, getProductReviews } from '../../api/content.ts';
import { getShopConfigs } from '../../api/delivery.ts';
import type { HttpClient } from '../../api/http.ts';
import { sizeTableSlugs } from '../../api/schemas/content.ts';
import type { ReviewList } from '../../api/schemas/content.ts';
import type { Shop } from '../../api/schemas/delivery.ts';
import type { ProductDetail } from '../../api/schemas/productDetail.ts';
import type { WireProduct, WireVariant } from '../../api/schemas/product.ts';
import { getProduct, getProductAccessories } from '../../api/search.ts';
import { contentBlockTag, localeTag } from '../../api/cacheTags.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { productTag } from '../../api/cacheTags.ts';
import { productTitle } from '../../domain/catalog/productTitle.ts';
import { productGallery, type Gallery } from '../../domain/product/gallery.ts';
import { shareFallbackUrl } from '../../domain/product/share.ts';
import { chooseSizeTable } from '../../domain/product/sizeTable.ts';
import { variantPrice, type VariantPrice } from '../../domain/product/variantPrice.ts';
import {
  availabilityByCity,
  type AvailabilityShop,
  type CityAvailability,
} from '../../domain/product/warehouseAvailability.ts';
import {
  colorOptions,
  colorSlug,
  selectVariant,
  sizeOptions,
  type ColorOption,
  type SizeOption,
} from '../../domain/product/variantSelection.ts';
import type { Locale } from '../../i18n/locale.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { serverApi } from '../http/apiClient.ts';
import type { Crumb } from './catalogPage.ts';
import { cachePublicPage, PAGE_MAX_AGE } from '../http/pageCache.ts';

/** A pickup point as the availability block shows it, in the page's language. */
export interface PickupPoint extends AvailabilityShop {
  title: string;
  address: string;
  schedule: string;
}

export interface ProductPageData {
  product: ProductDetail;
  title: string;
  variant: WireVariant;
  colors: (ColorOption & { href: string; current: boolean })[];
  sizes: (SizeOption & { href: string; current: boolean })[];
  /** The media of the chosen colour: pictures, videos and the 360° view, the main one first. */
  gallery: Gallery;
  price: VariantPrice;
  crumbs: Crumb[];
  canonicalPath: string;
  /** Where the chosen variant can be picked up, by city; null when the shop list could not be read. */
  availability: CityAvailability<PickupPoint>[] | null;
  /** Accessories with some variant in stock (spec §5); empty when none or when they could not be read. */
  accessories: WireProduct[];
  /** Sanitised HTML of the size table (accounts spec §7 fallback chain), or null. */
  sizeTableHtml: string | null;
  /** The newest reviews (at most 3) with the product's average and count; null when they could not be read. */
  reviews: ReviewList | null;
  /** Absolute URL of the chosen variant, and the share fallback for browsers without the Web Share API. */
  share: { url: string; fallbackUrl: string };
}

/** How many accessories the page shows, and how many reviews it reads (spec §5: JSON-LD takes at most 3). */
export const ACCESSORIES_SHOWN = 8;
export const REVIEWS_SHOWN = 3;
/** Optional parts must not hold the page up for long. */
const OPTIONAL_TIMEOUT_MS = 2500;
/** A page rendered without some optional part (a failed call) is kept only briefly. */
const DEGRADED_MAX_AGE = 30;

function pickupPoint(shop: Shop, locale: Locale): PickupPoint {
  const uk = locale === 'uk';
  return {
    id: shop.id,
    cityId: shop.cityId,
    city: uk ? shop.cityUkr : shop.city,
    pickupEnable: shop.pickupEnable,
    donors: shop.donors,
    title: uk ? shop.titleUkr : shop.title,
    address: uk ? shop.addressUkr : shop.address,
    schedule: uk ? shop.scheduleUkr : shop.schedule,
  };
}

/** The size-table blocks of the fallback chain, read in parallel; a failed read counts as absent. */
async function loadSizeTable(
  api: HttpClient,
  product: ProductDetail,
  failed: (what: string, error: unknown) => void,
): Promise<{ html: string | null; dependsOn: string[] }> {
  const slugs = sizeTableSlugs({
    category: product.category?.slug ?? null,
    folderCategory: product.folderCategory.slug,
    brand: product.brand?.slug ?? null,
  });
  const blocks = await Promise.all(
    slugs.map((slug) =>
      getContentBlock(api, slug, { timeoutMs: OPTIONAL_TIMEOUT_MS }).catch((error: unknown) => {
        failed(`size table ${slug}`, error);
        return null;
      }),
    ),
  );
  const choice = chooseSizeTable(slugs, blocks, sanitizeCmsHtml);
  return { html: choice.html, dependsOn: choice.dependsOn };
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
  const api = serverApi(locale);
  // Critical: without the product there is no page (a 404 for an unknown one).
  let product: ProductDetail;
  try {
    product = await getProduct(api, slug, { withPrice: true });
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

  // Optional: shops (availability), accessories, size table and reviews; a failure hides that part.
  let degraded = false;
  const failed = (what: string, error: unknown) => {
    degraded = true;
    console.error(`[product] ${what} failed:`, error instanceof Error ? error.message : error);
  };
  const optional = <T>(what: string, pending: Promise<T>): Promise<T | null> =>
    pending.catch((error: unknown) => {
      failed(what, error);
      return null;
    });
  const quick = { timeoutMs: OPTIONAL_TIMEOUT_MS };
  const [shops, accessories, sizeTable, reviews] = await Promise.all([
    optional('shop configs', getShopConfigs(api, quick)),
    optional('accessories', getProductAccessories(api, product.id, {}, quick)),
    loadSizeTable(api, product, failed),
    optional('reviews', getProductReviews(api, product.id, { limit: REVIEWS_SHOWN }, quick)),
  ]);
  const shown = (accessories ?? []).slice(0, ACCESSORIES_SHOWN);

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

  const colorList = colorOptions(product.nomenclature, firstColor);
  const sizeList = sizeOptions(product.nomenclature, color);
  // The chosen variant's own URL reopens it (spec: a shared variant URL); a product without choices shares its canonical URL.
  const variantPath = colorList.length > 1 || sizeList.length > 1 ? href(color, variant.sizePresentation?.slug) : base;
  const shareUrl = new URL(variantPath, astro.locals.requestUrl.origin).href;

  // The page shows this product and its accessories, no listing: a price change elsewhere in the
  // catalogue (which sends `catalog`) leaves it cached.
  cachePublicPage(
    astro,
    [
      productTag(product.id),
      ...shown.map((accessory) => productTag(accessory.id)),
      ...sizeTable.dependsOn.map((slug) => localeTag(contentBlockTag(slug), locale)),
    ],
    degraded ? DEGRADED_MAX_AGE : PAGE_MAX_AGE,
  );
  return {
    product,
    title: productTitle(locale === 'uk' ? product.titleUkr : product.title),
    variant,
    colors: colorList.map((c) => ({
      ...c,
      href: href(c.slug),
      current: c.slug === color,
    })),
    sizes: sizeList.map((s) => ({
      ...s,
      href: href(color, s.slug),
      current: s.slug === variant.sizePresentation?.slug,
    })),
    gallery: productGallery(product, color),
    price: variantPrice(product, variant),
    crumbs,
    canonicalPath: base,
    availability: shops
      ? availabilityByCity(
          variant.warehouses,
          [...shops.warehouseList, ...shops.partnerShopList].map((shop) => pickupPoint(shop, locale)),
        )
      : null,
    accessories: shown,
    sizeTableHtml: sizeTable.html,
    reviews,
    share: { url: shareUrl, fallbackUrl: shareFallbackUrl(shareUrl) },
  };
}
