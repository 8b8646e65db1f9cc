import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import type { z } from 'zod';
import {
  getContentBlock,
  getJsonContentBlock,
  getPosts,
  getTitledSlides,
  type TitledSlides,
} from '../../api/content.ts';
import type { CallOptions, PostKind } from '../../api/content.ts';
import type { HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import {
  bannerSlideSchema,
  brandSlideSchema,
  chiccoTimeSlideSchema,
  contentSlugSchema,
  instagramBlockSchema,
  MAIN_PAGE_SLUGS,
  mainSlideSchema,
  postsBlockSchema,
  productSliderBlockSchema,
} from '../../api/schemas/content.ts';
import { getProductsByIds } from '../../api/search.ts';
import {
  CATEGORY_CONFIG_TAG,
  contentBlockTag,
  localeTag,
  postListTag,
  productTag,
  sliderTag,
} from '../../api/cacheTags.ts';
import { CATALOG_TAG } from '../../api/cacheTags.ts';
import { productCards, type ProductCardModel } from '../../domain/catalog/productCard.ts';
import type { MenuItem } from '../../domain/catalog/menu.ts';
import { postCard, postListPath, type PostCard } from '../../domain/content/postCard.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { SHOP_LOGO, SHOP_PHONE, SHOP_SOCIAL } from '../../domain/shop.ts';
import { jsonLdText } from '../../domain/seo/jsonLd.ts';
import { siteJsonLd } from '../../domain/seo/siteJsonLd.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { page, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';
import { loadMenu } from './loadMenu.ts';
import {
  bannerLayout,
  bannerViews,
  brandViews,
  isExternalLink,
  linkView,
  mainSlideViews,
  partnerViews,
  safeLink,
} from '../../domain/content/slides.ts';
import type { BannerView, BrandView, LinkView, MainSlideView, PartnerView } from '../../domain/content/slides.ts';

/**
 * The main page's CMS blocks (storefront spec §2, accounts spec §2–§3), each loaded from the
 * content service (and products from the search service) in parallel. Every block is optional:
 * no data (404), an empty block or a failure gives an empty block (failures are logged), never a
 * failed page.
 */

/** Sliders the page reads (slider call), by slug. */
export const HOME_SLIDER_SLUGS = [
  MAIN_PAGE_SLUGS.slider,
  MAIN_PAGE_SLUGS.mobileSlider,
  MAIN_PAGE_SLUGS.firstSlider,
  MAIN_PAGE_SLUGS.secondSlider,
  MAIN_PAGE_SLUGS.categories,
  MAIN_PAGE_SLUGS.brands,
  MAIN_PAGE_SLUGS.partnerBrand,
] as const;

/** Content blocks the page reads, by slug. */
export const HOME_CONTENT_SLUGS = [
  MAIN_PAGE_SLUGS.firstProductSlider,
  MAIN_PAGE_SLUGS.secondProductSlider,
  MAIN_PAGE_SLUGS.instagramLink,
  MAIN_PAGE_SLUGS.blogPosts,
  MAIN_PAGE_SLUGS.newsPosts,
  MAIN_PAGE_SLUGS.description,
] as const;

/**
 * Route-cache tags of the main page in `locale`: an editor's change in that language of any block
 * it shows (src/domain/content/changeTags.ts), of a blog or news post, or of the catalogue refreshes it.
 */
export function homePageTags(locale: Locale): string[] {
  return [
    'main-page',
    CATEGORY_CONFIG_TAG,
    CATALOG_TAG,
    ...HOME_SLIDER_SLUGS.map((slug) => localeTag(sliderTag(slug), locale)),
    ...HOME_CONTENT_SLUGS.map((slug) => localeTag(contentBlockTag(slug), locale)),
    localeTag(postListTag(0), locale),
    localeTag(postListTag(1), locale),
  ];
}

/** Each block has this long: a slow block is dropped rather than holding the page. */
export const HOME_BLOCK_TIMEOUT_MS = 3000;
/** At most this many cards in a product strip (the CMS allows 100 ids). */
export const PRODUCT_STRIP_MAX = 24;
/** Posts of a blog or news strip when its content block picks none. */
export const POST_STRIP_DEFAULT = 6;

export interface BannerBlock extends TitledSlides<BannerView> {
  layout: 'strip' | 'list';
}

export interface ProductStrip {
  title: string;
  link: LinkView | null;
  products: ProductCardModel[];
}

/** A blog or news strip: its list page and the posts it shows. */
export interface PostStripModel {
  href: string;
  posts: PostCard[];
}

export interface InstagramView {
  title: string;
  href: string;
  handle: string;
}

export interface HomePageData {
  mainSlider: { desktop: MainSlideView[]; mobile: MainSlideView[] };
  firstBanners: BannerBlock;
  secondBanners: BannerBlock;
  categories: TitledSlides<BannerView>;
  brands: TitledSlides<BrandView>;
  partner: TitledSlides<PartnerView>;
  firstProducts: ProductStrip | null;
  /** Its heading only (no cards): the page fetches them from /home-strip (homeStripFragment.ts). */
  secondProducts: ProductStrip | null;
  instagram: InstagramView | null;
  blog: PostStripModel;
  news: PostStripModel;
  /** main_description as sanitised HTML, or null. */
  description: string | null;
  /** Blocks that failed (each logged); empty when every block answered or had no data. */
  failed: string[];
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one block's loader; a failure is logged, noted in `failed` and gives `fallback`. */
async function optional<T>(failed: string[], block: string, fallback: T, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    log.error(`[home] block ${block} failed:`, describe(error));
    report(error, { failure: `[home] ${block}` });
    failed.push(block);
    return fallback;
  }
}

export async function loadProductStrip(
  client: HttpClient,
  slug: string,
  opts: CallOptions = {},
): Promise<ProductStrip | null> {
  const block = await getJsonContentBlock(client, slug, productSliderBlockSchema, opts);
  if (block === null || block.productIds.length === 0) return null;
  // A card links its product page: only products the shop shows (with a price) are cards.
  const products = await getProductsByIds(
    client,
    block.productIds.slice(0, PRODUCT_STRIP_MAX),
    { withPrice: true },
    opts,
  );
  if (products.length === 0) return null;
  return { title: block.title.trim(), link: linkView(block.link), products: productCards(products, client.locale) };
}

/** A product strip's title and link, without its cards (an empty list): the block names no product, null. */
async function loadStripHeading(client: HttpClient, slug: string, opts: CallOptions): Promise<ProductStrip | null> {
  const block = await getJsonContentBlock(client, slug, productSliderBlockSchema, opts);
  if (block === null || block.productIds.length === 0) return null;
  return { title: block.title.trim(), link: linkView(block.link), products: [] };
}

/**
 * The posts of a blog or news strip: the ones its content block picks, in that order, or the
 * newest POST_STRIP_DEFAULT when the block is missing, picks none, or cannot be read.
 */
async function loadPosts(
  client: HttpClient,
  kind: PostKind,
  slug: string,
  opts: CallOptions,
  failed: string[],
): Promise<PostStripModel> {
  const block = await optional(failed, slug, null, () => getJsonContentBlock(client, slug, postsBlockSchema, opts));
  const slugs = (block?.slugs ?? []).filter((s) => contentSlugSchema.safeParse(s).success);
  const request = slugs.length > 0 ? { slugs, limit: slugs.length } : { limit: POST_STRIP_DEFAULT };
  const { items } = await getPosts(client, kind, request, opts);
  return postStrip(
    kind,
    client.locale,
    items.map((post) => postCard(kind, client.locale, post)),
  );
}

function postStrip(kind: PostKind, locale: Locale, posts: PostCard[] = []): PostStripModel {
  return { href: postListPath(kind, locale), posts };
}

async function loadInstagram(client: HttpClient, opts: CallOptions): Promise<InstagramView | null> {
  const block = await getJsonContentBlock(client, MAIN_PAGE_SLUGS.instagramLink, instagramBlockSchema, opts);
  if (block === null) return null;
  const href = safeLink(block.link);
  if (href === null || !isExternalLink(href)) return null;
  return { title: block.title.trim(), href, handle: block.handle.trim() };
}

async function loadDescription(client: HttpClient, opts: CallOptions): Promise<string | null> {
  const block = await getContentBlock(client, MAIN_PAGE_SLUGS.description, opts);
  if (block === null) return null;
  // A json block is a valid content block (spec §5), just not one the main page can show as text:
  // it gets its own message, not the format error meant for formats that do not exist.
  if (block.formatName === 'json')
    throw new Error(`${MAIN_PAGE_SLUGS.description} is a json block; the main page shows a text block here`);
  if (block.formatName !== 'text') {
    // Unreachable while the contract parses only text and json (CONTENT_FORMATS); a format added
    // there stops this line compiling until the main page decides how to show it.
    const unknownFormat: never = block.formatName;
    throw new Error(`Response format Error: Format can't be ${String(unknownFormat)}`);
  }
  const html = sanitizeCmsHtml(block.contentFormatted);
  return html === '' ? null : html;
}

const emptySlides = <T>(): TitledSlides<T> => ({ title: '', slides: [] });

/** Every block of the main page in the client's locale; never rejects. */
export async function loadHomePage(client: HttpClient, opts: CallOptions = {}): Promise<HomePageData> {
  const call: CallOptions = { timeoutMs: HOME_BLOCK_TIMEOUT_MS, ...opts };
  const failed: string[] = [];
  const slider = <S extends z.ZodType>(slug: string, slide: S) =>
    optional(failed, slug, emptySlides<z.output<S>>(), () => getTitledSlides(client, slug, slide, call));
  const banners = async (slug: string): Promise<BannerBlock> => {
    const { title, slides } = await slider(slug, bannerSlideSchema);
    return { title, slides: bannerViews(slides), layout: bannerLayout(slides) };
  };

  const [
    desktop,
    mobile,
    firstBanners,
    secondBanners,
    categories,
    brands,
    partner,
    firstProducts,
    secondProducts,
    instagram,
    blog,
    news,
    description,
  ] = await Promise.all([
    slider(MAIN_PAGE_SLUGS.slider, mainSlideSchema),
    slider(MAIN_PAGE_SLUGS.mobileSlider, mainSlideSchema),
    banners(MAIN_PAGE_SLUGS.firstSlider),
    banners(MAIN_PAGE_SLUGS.secondSlider),
    slider(MAIN_PAGE_SLUGS.categories, bannerSlideSchema),
    slider(MAIN_PAGE_SLUGS.brands, brandSlideSchema),
    slider(MAIN_PAGE_SLUGS.partnerBrand, chiccoTimeSlideSchema),
    // Only their headings: their cards come from /home-strip as the shopper scrolls near (issue 27),
    // so the page does not wait for their products.
    optional(failed, MAIN_PAGE_SLUGS.firstProductSlider, null, () =>
      loadStripHeading(client, MAIN_PAGE_SLUGS.firstProductSlider, call),
    ),
    optional(failed, MAIN_PAGE_SLUGS.secondProductSlider, null, () =>
      loadStripHeading(client, MAIN_PAGE_SLUGS.secondProductSlider, call),
    ),
    optional(failed, MAIN_PAGE_SLUGS.instagramLink, null, () => loadInstagram(client, call)),
    optional(failed, 'blog', postStrip('blog', client.locale), () =>
      loadPosts(client, 'blog', MAIN_PAGE_SLUGS.blogPosts, call, failed),
    ),
    optional(failed, 'news', postStrip('news', client.locale), () =>
      loadPosts(client, 'news', MAIN_PAGE_SLUGS.newsPosts, call, failed),
    ),
    optional(failed, MAIN_PAGE_SLUGS.description, null, () => loadDescription(client, call)),
  ]);

  return {
    mainSlider: { desktop: mainSlideViews(desktop.slides), mobile: mainSlideViews(mobile.slides) },
    firstBanners,
    secondBanners,
    categories: { title: categories.title, slides: bannerViews(categories.slides) },
    brands: { title: brands.title, slides: brandViews(brands.slides) },
    partner: { title: partner.title, slides: partnerViews(partner.slides) },
    firstProducts,
    secondProducts,
    instagram,
    blog,
    news,
    description,
    failed,
  };
}

/** The main page as its view renders it: the CMS blocks, the menu standing in for missing tiles, the site's JSON-LD. */
export interface HomePageModel extends HomePageData {
  /** The catalogue menu, shown as tiles when the CMS has no category tiles. */
  menu: MenuItem[];
  siteJsonLd: string;
}

/** `/` and `/ua/`: every block of the main page; never not found, never failing for a block. */
export async function homePageOutcome(request: PageRequest): Promise<PageOutcome<HomePageModel>> {
  const { api, locale, t, origin } = request;
  const home = await loadHomePage(api);
  // The catalogue menu (loaded once per request, the header uses it too) stands in for the CMS
  // category tiles when there are none.
  const menu = home.categories.slides.length === 0 ? await loadMenu(api) : [];
  // The shop and the site for search engines, with the search box's URL template.
  const site = siteJsonLd({
    origin,
    locale,
    name: t('site.name'),
    homePath: routeUrl(routeName('main-page', locale)),
    searchPath: routeUrl(routeName('search-result-page', locale)),
    phone: SHOP_PHONE,
    logo: SHOP_LOGO.path,
    sameAs: SHOP_SOCIAL.map((link) => link.url),
  });
  // The strips follow the editor's order, never prices: a product change drops the page only when a
  // strip shows that product (issue 30).
  // The second strip's cards come from /home-strip (issue 27), which carries their tags itself.
  const shown = home.firstProducts?.products ?? [];
  return page(
    { ...home, menu, siteJsonLd: jsonLdText(site) },
    { tags: [...homePageTags(locale), ...shown.map((card) => productTag(card.id))] },
  );
}
