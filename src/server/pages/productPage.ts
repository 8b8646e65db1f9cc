import { log } from '../../log/log.ts';
import { contentBlockTag, localeTag, productTag, PROMOTIONS_TAG } from '../../api/cacheTags.ts';
import {
  getArticleReviews,
  getContentBlock,
  getProductPromotions,
  getProductReviews,
  getReviewAggs,
  REVIEWS_PAGE_SIZE,
} from '../../api/content.ts';
import { productPromotionCards } from '../../domain/promotion/promotionCard.ts';
import type { ReviewAggs } from '../../api/schemas/content.ts';
import { starCounts } from '../../domain/product/reviewCounts.ts';
import { variantReviewsFirst, type OrderedReview } from '../../domain/product/variantReviews.ts';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import { getOftenUsedSettlements, getShopConfigs } from '../../api/delivery.ts';
import type { HttpClient } from '../../api/http.ts';
import { isSlug, type Locale } from '../../api/schemas/common.ts';
import { REVIEW_LIMITS, sizeTableSlugs, type Review, type ReviewList } from '../../api/schemas/content.ts';
import type { Settlement, Shop } from '../../api/schemas/delivery.ts';
import type { ProductDetail } from '../../api/schemas/productDetail.ts';
import { getProduct, getProductAccessories } from '../../api/search.ts';
import { BASKET_LIMITS } from '../../api/schemas/basket.ts';
import { basketItemInput } from '../../domain/basket/basketItemSource.ts';
import { DEFAULT_SUBSCRIPTION_INTERVAL, SUBSCRIPTION_INTERVALS } from '../../domain/basket/subscription.ts';
import { productCards } from '../../domain/catalog/productCard.ts';
import { productTitle } from '../../domain/catalog/productTitle.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { formatDate } from '../../domain/format/date.ts';
import { productGallery, type Gallery } from '../../domain/product/gallery.ts';
import type {
  PickupPoint,
  ProductPageModel,
  ProductReviewsModel,
  ReviewAnswerView,
  ReviewFormModel,
  ShownState,
} from '../../domain/product/productPageModel.ts';
import { shareFallbackUrl } from '../../domain/product/share.ts';
import { chooseSizeTable } from '../../domain/product/sizeTable.ts';
import { variantPrice } from '../../domain/product/variantPrice.ts';
import {
  colorOptions,
  colorSlug,
  selectVariant,
  sizeOptions,
  WITHOUT_COLOR,
} from '../../domain/product/variantSelection.ts';
import { chosenVariant } from '../../domain/product/variantChoice.ts';
import { availabilityByCity } from '../../domain/product/warehouseAvailability.ts';
import { documentTitle } from '../../domain/seo/documentTitle.ts';
import { jsonLdText, trailWithPage, type Breadcrumbs } from '../../domain/seo/jsonLd.ts';
import { productJsonLd } from '../../domain/seo/productJsonLd.ts';
import { returnPolicyLd, shippingDetailsLd } from '../../domain/seo/offerPolicies.ts';
import { deliveryPromiseRows } from '../../domain/content/deliveryPromises.ts';
import { HOME_CITY_ID } from '../../domain/checkout/deliveryRules.ts';
import { localized, localizedOrNull, titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { actionUrl } from '../../domain/account/accountPages.ts';
import { PAGE_MAX_AGE } from '../cache/pageCache.ts';
import { crawlerPictureUrl } from '../../domain/media/crawlerPicture.ts';
import { CRITICAL_READ, isServiceNotFound, readCritical } from '../request/criticalRead.ts';
import { pickerData, stockState } from './productPicker.ts';
import { stockNotifyModel } from './stockNotifyForm.ts';
import { notFound, page, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** How many accessories the page shows; the reviews are the first page (spec §9: 10), the JSON-LD takes 3 of them. */
export const ACCESSORIES_SHOWN = 8;
/** The CMS page of the shop's return terms (the seed's «Обмен и возврат»), linked from the JSON-LD's return policy. */
const RETURN_POLICY_PAGE = 'exchange-and-return';
/** Optional parts must not hold the page up for long. */
const OPTIONAL_TIMEOUT_MS = 2500;
/** A page rendered without some optional part (a failed call) is kept only briefly. */
const DEGRADED_MAX_AGE = 30;

function pickupPoint(shop: Shop, locale: Locale): PickupPoint {
  return {
    id: shop.id,
    cityId: shop.cityId,
    city: localized(locale, shop.city, shop.cityUkr),
    pickupEnable: shop.pickupEnable,
    donors: shop.donors,
    title: localized(locale, shop.title, shop.titleUkr),
    address: localized(locale, shop.address, shop.addressUkr),
    schedule: localized(locale, shop.schedule, shop.scheduleUkr),
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

/** The page's first reviews as it lists them (issue 25: the chosen variant's first). */
type ListedReviews = Omit<ReviewList, 'items'> & { items: OrderedReview<Review>[] };

function reviewsModel(
  reviews: ListedReviews,
  aggs: ReviewAggs | null,
  locale: Locale,
  form: ReviewFormModel,
): ProductReviewsModel {
  const answerView = (answer: { displayName: string; comment: string; createdAt: string }): ReviewAnswerView => ({
    author: answer.displayName,
    text: answer.comment,
    date: answer.createdAt ? formatDate(answer.createdAt) : '',
    datetime: answer.createdAt.slice(0, 10),
  });
  return {
    average: (Math.round(reviews.averageRate * 10) / 10).toFixed(1).replace('.', ','),
    total: reviews.total,
    counts: aggs ? starCounts(aggs) : null,
    items: reviews.items.map((review) => ({
      id: review.id,
      ofVariant: review.ofVariant,
      author: review.displayName,
      rating: review.rating,
      pros: review.pros,
      cons: review.cons,
      text: review.comment,
      date: formatDate(review.createdAt),
      datetime: review.createdAt.slice(0, 10),
      shopAnswer: review.answer ? answerView(review.answer) : null,
      answers: review.answers.map(answerView),
      answerAction: actionUrl(`${ACCOUNT_PATHS.reviews}/${review.id}/answer`, locale),
    })),
    form,
  };
}

/** Main page > folder category > sub-category (spec §2 product breadcrumbs), then the product. */
function productTrail(request: PageRequest, product: ProductDetail, title: string): Breadcrumbs {
  const { locale, t } = request;
  const folder = product.folderCategory;
  const crumbs = [
    { title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) },
    {
      title: titleIn(locale, folder),
      href: routeUrl(routeName('catalog-page', locale), { folderCategory: folder.slug }),
    },
  ];
  if (product.category && product.category.slug !== folder.slug) {
    crumbs.push({
      title: titleIn(locale, product.category),
      href: routeUrl(routeName('category-page', locale), {
        folderCategory: folder.slug,
        category: product.category.slug,
      }),
    });
  }
  return { crumbs, current: title };
}

/** The product's JSON-LD: at most 3 photos, final price. */
function structuredData(
  request: PageRequest,
  model: Pick<
    ProductPageModel,
    'title' | 'description' | 'article' | 'canonicalPath' | 'price' | 'stockAmount' | 'stock' | 'trail'
  >,
  gallery: Gallery,
  reviews: ReviewList | null,
  brand: string | null,
  deliveryCities: readonly Settlement[],
): string {
  // Photos only, at URLs crawlers may fetch (crawlerPictureUrl); a product without any sends no
  // `image` at all rather than an empty list (the 360° drawings are no photo of the product).
  const images = gallery.images.map((image) => crawlerPictureUrl(image.link, request.origin));
  return jsonLdText(
    productJsonLd({
      origin: request.origin,
      name: model.title,
      description: model.description,
      brand,
      sku: model.article,
      images,
      url: model.canonicalPath,
      price: model.price.final,
      stock: model.stockAmount,
      isPreOrder: model.stock.kind === 'preOrder',
      crumbs: trailWithPage(model.trail, model.canonicalPath),
      // Optional: without reviews (none, or the call failed) the data carries no review or rating.
      reviews: (reviews?.items ?? []).map((review) => ({
        author: review.displayName,
        rating: review.rating,
        body: review.comment,
        createdAt: review.createdAt,
      })),
      rating: reviews ? { average: reviews.averageRate, count: reviews.total } : null,
      shipping: shippingDetailsLd(deliveryPromiseRows(deliveryCities, HOME_CITY_ID, request.locale), model.price.final),
      returnPolicy: returnPolicyLd(
        request.origin,
        routeUrl(routeName('info-page', request.locale), { slug: RETURN_POLICY_PAGE }),
      ),
    }),
  );
}

/**
 * `/product/{slug}?color=&size=`: the product with the chosen variant. The colour and size pickers
 * are links, so a chosen variant has a URL that can be shared and reopens it; the canonical URL is
 * the product without them. With JavaScript they switch in place (issue 29, variantPicker.ts) and
 * this page of the choice brings its gallery and shops. A colour in several sizes chooses none
 * until the shopper picks one (`pick=size`: «В корзину» was pressed without one). Unknown slug: not found.
 */
export async function loadProductPage(request: PageRequest): Promise<PageOutcome<ProductPageModel>> {
  const { slug } = request.params;
  if (!isSlug(slug)) return notFound();
  const { locale, t, api, url } = request;
  // Critical: without the product there is no page: a 404 when the service says it has none, the
  // 503 page when it cannot answer.
  const read = await readCritical(
    '[product] product',
    getProduct(api, slug, { withPrice: true }, CRITICAL_READ),
    isServiceNotFound,
  );
  if (read.kind === 'missing') return notFound();
  if (read.kind === 'unavailable') return unavailable();
  const product = read.value;
  const wanted = { color: url.searchParams.get('color'), size: url.searchParams.get('size') };
  // The variant the page stands for (JSON-LD, hearts, reviews): the chosen one, else the colour's first in stock.
  const variant = selectVariant(product.nomenclature, wanted);
  if (!variant) return notFound();
  const color = colorSlug(variant);
  const base = routeUrl(routeName('product-page', locale), { slug: product.slug });
  const picker = pickerData(request, product, base, locale);
  // Issue 29: a colour in several sizes chooses none until the shopper picks one.
  const chosen = chosenVariant(picker.variants, color, wanted.size);
  const colorState = picker.colors.find((c) => c.slug === color);
  const shownState: ShownState =
    chosen || !colorState
      ? {
          price: chosen?.price ?? { final: 0, text: '', oldText: null, badgeText: null },
          rewardText: chosen?.rewardText ?? null,
          subscriptionText: chosen?.subscriptionText ?? null,
          stockKind: chosen?.stockKind ?? 'outOfStock',
          stockText: chosen?.stockText ?? '',
        }
      : {
          price: colorState.price,
          rewardText: null,
          subscriptionText: null,
          stockKind: colorState.stockKind,
          stockText: colorState.stockText,
        };
  const href = (c: string, s?: string | null) =>
    `${base}?${new URLSearchParams(s ? { color: c, size: s } : { color: c })}`;

  // Optional: shops (availability), accessories, size table and reviews; a failure hides that part.
  let degraded = false;
  const failed = (what: string, error: unknown) => {
    degraded = true;
    log.error(`[product] ${what} failed:`, error instanceof Error ? error.message : error);
  };
  const optional = <T>(what: string, pending: Promise<T>): Promise<T | null> =>
    pending.catch((error: unknown) => {
      failed(what, error);
      return null;
    });
  const quick = { timeoutMs: OPTIONAL_TIMEOUT_MS };
  // Optional: the promotions the product takes part in (issue 25); without them, no links.
  const promotionsPending = optional('promotions', getProductPromotions(api, product.id, quick));
  const [shops, accessories, sizeTable, reviews, reviewAggs, deliveryCities, variantReviews] = await Promise.all([
    optional('shop configs', getShopConfigs(api, quick)),
    optional('accessories', getProductAccessories(api, product.id, {}, quick)),
    loadSizeTable(api, product, failed),
    optional('reviews', getProductReviews(api, product.id, { limit: REVIEWS_PAGE_SIZE }, quick)),
    optional('review counts', getReviewAggs(api, product.id, quick)),
    // Optional: the JSON-LD's shipping terms (the delivery page's rows); without them it has none.
    optional('delivery methods', getOftenUsedSettlements(api, undefined, quick)),
    // Optional: the chosen variant's reviews lead the list (issue 25); one variant has no other's.
    product.nomenclature.length > 1
      ? optional('variant reviews', getArticleReviews(api, variant.displayArticle, { limit: REVIEWS_PAGE_SIZE }, quick))
      : null,
  ]);
  const shown = (accessories ?? []).slice(0, ACCESSORIES_SHOWN);
  // Issue 25: the chosen variant's reviews first, then the others; the JSON-LD describes the first
  // of them, so what it says is what the page shows.
  const listedReviews: ListedReviews | null = reviews && {
    ...reviews,
    items: variantReviewsFirst(product.id, variantReviews?.items ?? [], reviews.items, REVIEWS_PAGE_SIZE),
  };

  // Spec §4: "the first chosen colour moves to the front": the colour the shopper opened the page
  // with (`?color=`), else the colour the page chose for them.
  const colorList = colorOptions(product.nomenclature, color);
  const sizeList = sizeOptions(product.nomenclature, color);
  // The chosen variant's own URL reopens it (spec: a shared variant URL); a product without choices shares its canonical URL.
  const variantPath = colorList.length > 1 || sizeList.length > 1 ? href(color, variant.sizePresentation?.slug) : base;
  const shareUrl = new URL(variantPath, request.origin).href;
  const title = productTitle(titleIn(locale, product));
  const gallery = productGallery(product, color);
  const colors = colorList.map((c) => ({
    slug: c.slug,
    title: localized(locale, c.title, c.titleUkr),
    cssBackground: c.cssBackground,
    available: c.available,
    href: href(c.slug),
    current: c.slug === color,
  }));

  type Extras = 'jsonLd' | 'basket' | 'shown' | 'notify' | 'sizeChosen' | 'askSize' | 'pickerJson' | 'hasRotateView';
  const model: Omit<ProductPageModel, Extras> = {
    productId: product.id,
    slug: product.slug,
    variantId: variant.id,
    title,
    documentTitle: documentTitle(title, t('productPage.titleSuffix')),
    description: localizedOrNull(locale, product.shortDescription, product.shortDescriptionUkr),
    brand: product.brand
      ? { title: product.brand.title, href: routeUrl(routeName('brand-page', locale), { slug: product.brand.slug }) }
      : null,
    article: variant.displayArticle,
    price: variantPrice(product, variant),
    stock: stockState(variant),
    stockAmount: variant.totalAmount,
    showColors: colors.length > 1 || (colors[0] !== undefined && colors[0].slug !== WITHOUT_COLOR),
    colors,
    currentColorTitle: colors.find((c) => c.current)?.title ?? '',
    sizes: sizeList.map((s) => ({
      ...s,
      href: href(color, s.slug),
      current: chosen !== null && s.slug === chosen.size,
    })),
    gallery,
    trail: productTrail(request, product, title),
    canonicalPath: base,
    availability: shops
      ? availabilityByCity(
          variant.warehouses,
          [...shops.warehouseList, ...shops.partnerShopList].map((shop) => pickupPoint(shop, locale)),
        )
      : null,
    accessories: productCards(shown, locale),
    sizeTableHtml: sizeTable.html,
    reviews: listedReviews
      ? reviewsModel(listedReviews, reviewAggs, locale, {
          action: actionUrl(ACCOUNT_PATHS.reviews, locale),
          productId: product.id,
          article: variant.displayArticle,
          returnTo: base,
          limits: REVIEW_LIMITS,
        })
      : null,
    share: { url: shareUrl, fallbackUrl: shareFallbackUrl(shareUrl) },
    promotions: productPromotionCards(locale, (await promotionsPending)?.items ?? [], product.filterList),
  };

  const basketItem = basketItemInput(product, variant.id);
  const basket = {
    action: routeUrl(routeName('basket-add', locale)),
    basketHref: routeUrl(routeName('basket-page', locale)),
    productId: product.id,
    variantId: variant.id,
    max: basketItem ? Math.min(variant.totalAmount, BASKET_LIMITS.quantity) : 0,
    // The same data for every visitor (the page is cached): the catalogue's view of the variant,
    // which the basket shows until the order service's check answers.
    itemJson: basketItem ? jsonLdText(basketItem) : null,
    subscription:
      basketItem && product.allowSubscription
        ? { intervals: SUBSCRIPTION_INTERVALS, defaultInterval: DEFAULT_SUBSCRIPTION_INTERVAL }
        : null,
    needsSize: chosen === null,
    productPath: base,
    color,
  };

  // The page shows this product and its accessories, no listing: a price change elsewhere in the
  // catalogue (which sends `catalog`) leaves it cached.
  return page(
    {
      ...model,
      jsonLd: structuredData(
        request,
        model,
        gallery,
        listedReviews,
        product.brand?.title ?? null,
        deliveryCities?.items ?? [],
      ),
      basket,
      sizeChosen: chosen !== null,
      hasRotateView: product.rotateImages.length > 0,
      askSize: chosen === null && url.searchParams.get('pick') === 'size',
      shown: shownState,
      pickerJson: jsonLdText(picker),
      notify: stockNotifyModel(request, product.id, chosen, base, url),
    },
    {
      tags: [
        productTag(product.id),
        ...shown.map((accessory) => productTag(accessory.id)),
        ...sizeTable.dependsOn.map((slug) => localeTag(contentBlockTag(slug), locale)),
        // Any promotion change in this language may change the for-product answer (api/contentChanges.ts).
        localeTag(PROMOTIONS_TAG, locale),
      ],
      maxAge: degraded ? DEGRADED_MAX_AGE : PAGE_MAX_AGE,
    },
  );
}
