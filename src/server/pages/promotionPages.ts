import { CATALOG_TAG, CATEGORY_CONFIG_TAG, localeTag, PROMOTIONS_TAG, promotionTag } from '../../api/cacheTags.ts';
import { getPromotion, getPromotions } from '../../api/content.ts';
import type { CategoryNode } from '../../api/schemas/categoryConfig.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { Promotion } from '../../api/schemas/content.ts';
import { getCategoryConfig, getProducts } from '../../api/search.ts';
import type { CatalogPageModel, LinkedFacet } from '../../domain/catalog/catalogPageModel.ts';
import { EVERY_FACET_VALUE } from '../../domain/catalog/facetDisplay.ts';
import { buildFacets, translator, type TopicAggregation } from '../../domain/catalog/facets.ts';
import { filterChips } from '../../domain/catalog/filterChips.ts';
import { deadFilter, filterVocabulary, unknownFilter } from '../../domain/catalog/filterExistence.ts';
import { CATALOG_PAGE_SIZE, sortLinks } from '../../domain/catalog/listing.ts';
import { pageCount, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { parsePriceBound, priceRangeOf, withPriceRange } from '../../domain/catalog/priceRange.ts';
import { productCards } from '../../domain/catalog/productCard.ts';
import { isFilterPath, PRICE_TOPIC, robotsFor, toServiceQuery } from '../../domain/catalog/routeGrammar.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { safeImage } from '../../domain/content/slides.ts';
import {
  promotionCard,
  promotionPeriod,
  type PromotionCard,
  type PromotionPeriod,
} from '../../domain/promotion/promotionCard.ts';
import {
  buildPromotionPath,
  parsePromotionsPath,
  promotionListPath,
  promotionStateProblem,
  PROMOTIONS_TOPIC,
  type PromotionState,
} from '../../domain/promotion/promotionRoute.ts';
import { breadcrumbJsonLd, jsonLdText, type Crumb } from '../../domain/seo/jsonLd.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { CRITICAL_READ, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** Promotions a list page shows: a shop runs a handful at a time, so pages are rare. */
export const PROMOTIONS_PAGE_SIZE = 24;
/** The list's place name in analytics slots (`promotions-list-1` …). */
export const LIST_SLOT = 'promotions-list';

export interface PromotionListModel {
  documentTitle: string;
  heading: string;
  description: string;
  canonicalPath: string;
  crumbs: Crumb[];
  current: string;
  promotions: PromotionCard[];
  links: PageLinks;
  jsonLd: string;
}

/** What a promotion's page shows above its goods. */
export interface PromotionIntro {
  title: string;
  image: string | null;
  period: PromotionPeriod;
  /** The promotion's text (CMS HTML, sanitised), or null. */
  html: string | null;
}

/** A promotion that names no catalogue filter: its text alone. */
export interface PromotionTextModel {
  documentTitle: string;
  description: string | null;
  canonicalPath: string;
  crumbs: Crumb[];
  current: string;
  jsonLd: string;
}

export type PromotionRouteModel =
  | { kind: 'list'; data: PromotionListModel }
  | { kind: 'catalog'; intro: PromotionIntro; catalog: CatalogPageModel }
  | { kind: 'text'; intro: PromotionIntro; page: PromotionTextModel };

function homeCrumb({ locale, t }: PageRequest): Crumb {
  return { title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) };
}

/**
 * `[/ua]/promotions[/…]`: the list (with `page-N`), or a promotion with its goods as a catalogue.
 * The promotion is critical: unknown (or no longer active) is the 404 page, an outage the 503 page.
 */
export async function loadPromotionRoute(request: PageRequest): Promise<PageOutcome<PromotionRouteModel>> {
  const route = parsePromotionsPath(request.url.pathname);
  if (!route || (route.kind === 'promotion' ? route.state.locale : route.locale) !== request.locale) return notFound();
  if (route.kind === 'firstPage') return redirect(`${promotionListPath(request.locale)}${request.url.search}`);
  if (route.kind === 'list') return loadPromotionList(request, route.page);
  return loadPromotion(request, route.state);
}

async function loadPromotionList(request: PageRequest, pageNumber: number): Promise<PageOutcome<PromotionRouteModel>> {
  const { api, locale, t, origin } = request;
  const read = await readCritical(
    '[promotions] list',
    getPromotions(api, { page: pageNumber - 1, limit: PROMOTIONS_PAGE_SIZE }, CRITICAL_READ),
  );
  if (read.kind !== 'found') return unavailable();
  const list = read.value;
  const pages = pageCount(list.total, PROMOTIONS_PAGE_SIZE);
  if (pageNumber > pages) return notFound();
  const heading = t('promotions.heading');
  const pageLabel = pageNumber > 1 ? `, ${t('catalog.pageSuffix', { page: pageNumber })}` : '';
  const canonicalPath = promotionListPath(locale, pageNumber);
  const crumbs = [homeCrumb(request)];
  const offset = (pageNumber - 1) * PROMOTIONS_PAGE_SIZE;
  const data: PromotionListModel = {
    documentTitle: `${heading}${pageLabel} — ${t('site.name')}`,
    heading,
    description: t('promotions.description'),
    canonicalPath,
    crumbs,
    current: heading,
    promotions: list.items.map((item, index) => promotionCard(locale, item, LIST_SLOT, offset + index + 1)),
    links: pageLinks(pageNumber, pages, (n) => promotionListPath(locale, n)),
    jsonLd: jsonLdText(breadcrumbJsonLd(origin, [...crumbs, { title: heading, href: canonicalPath }])),
  };
  return page({ kind: 'list', data }, { tags: [localeTag(PROMOTIONS_TAG, locale)] });
}

/** The special topic that narrows by category (spec §3). */
const CATEGORY_TOPIC = 'category';

/** How many categories are offered as a first step (as on search results). */
const CATEGORY_LINKS = 8;

/**
 * The categories the promotion's goods fall into, most goods first, as links narrowing the promotion
 * to one: a first step through a promotion that spans the whole shop (as search results offer).
 */
function categoryLinks(
  aggregations: readonly TopicAggregation[],
  folders: readonly CategoryNode[],
  locale: Locale,
  narrowTo: (slug: string) => string,
): Crumb[] {
  const nodes = new Map<string, CategoryNode>();
  for (const folder of folders) {
    if (folder.additionalConfig.excludeFromMenu) continue;
    nodes.set(folder.slug, folder);
    for (const child of folder.childList) if (!child.additionalConfig.excludeFromMenu) nodes.set(child.slug, child);
  }
  return (aggregations.find((topic) => topic.slug === CATEGORY_TOPIC)?.filterList ?? [])
    .filter((entry) => (entry.count ?? 0) > 0 && nodes.has(entry.slug))
    .toSorted((a, b) => (b.count ?? 0) - (a.count ?? 0))
    .slice(0, CATEGORY_LINKS)
    .flatMap((entry) => {
      const node = nodes.get(entry.slug);
      return node ? [{ title: `${titleIn(locale, node)} (${entry.count ?? 0})`, href: narrowTo(entry.slug) }] : [];
    });
}

function introOf(promotion: Promotion): PromotionIntro {
  return {
    title: promotion.title,
    image: safeImage(promotion.image),
    period: promotionPeriod(promotion.startsAt, promotion.endsAt),
    html: sanitizeCmsHtml(promotion.content) || null,
  };
}

async function loadPromotion(request: PageRequest, state: PromotionState): Promise<PageOutcome<PromotionRouteModel>> {
  const { api, locale, t, url, origin } = request;
  if (promotionStateProblem(state) !== null) return notFound();
  const at = (changes: Partial<PromotionState>) => buildPromotionPath({ ...state, ...changes });
  // The price form (no JavaScript needed) answers 303 to the path state with the range, as catalogues do.
  if (url.searchParams.has('priceFrom') || url.searchParams.has('priceTo')) {
    const ranged = withPriceRange(
      { ...state, folderCategory: 'promotion', categories: [] },
      {
        from: parsePriceBound(url.searchParams.get('priceFrom')),
        to: parsePriceBound(url.searchParams.get('priceTo')),
      },
    );
    const next: PromotionState = { ...state, filters: ranged.filters, page: 1 };
    return promotionStateProblem(next) === null ? redirect(at(next), 303) : notFound();
  }
  const canonical = at({});
  if (canonical !== url.pathname) return redirect(`${canonical}${url.search}`);

  const promotionRead = await readCritical('[promotion] text', getPromotion(api, state.slug, CRITICAL_READ));
  if (promotionRead.kind !== 'found') return unavailable();
  const promotion = promotionRead.value;
  if (promotion === null) return notFound();
  const intro = introOf(promotion);
  const listPath = promotionListPath(locale);
  const crumbs: Crumb[] = [homeCrumb(request), { title: t('promotions.heading'), href: listPath }];
  const promotionTags = [localeTag(promotionTag(promotion.slug), locale)];

  // A promotion that names no catalogue filter has no goods to list (docs: "Promotions for shoppers").
  if (promotion.filterSlug === null) {
    if (state.filters.length > 0 || state.page > 1 || state.sort !== null) return notFound();
    const model: PromotionTextModel = {
      documentTitle: `${promotion.title} — ${t('site.name')}`,
      description: promotion.description || null,
      canonicalPath: canonical,
      crumbs,
      current: promotion.title,
      jsonLd: jsonLdText(breadcrumbJsonLd(origin, [...crumbs, { title: promotion.title, href: canonical }])),
    };
    return page({ kind: 'text', intro, page: model }, { tags: promotionTags });
  }

  const route = { ...state, folderCategory: 'promotion', categories: [], q: null };
  const { category: standIn, ...query } = toServiceQuery(route, { limit: CATALOG_PAGE_SIZE });
  void standIn;
  const [configRead, listRead] = await Promise.all([
    readCritical('[promotion] category-config', getCategoryConfig(api, CRITICAL_READ)),
    readCritical(
      '[promotion] products',
      getProducts(
        api,
        { ...query, filters: [...query.filters, { topic: PROMOTIONS_TOPIC, values: [promotion.filterSlug] }] },
        CRITICAL_READ,
      ),
    ),
  ]);
  if (configRead.kind !== 'found' || listRead.kind !== 'found') return unavailable();
  const config = configRead.value;
  const list = listRead.value;
  // The promotion's own topic is the page itself, not a choice on it.
  const topics = config.topicList.filter((topic) => topic.slug !== PROMOTIONS_TOPIC);
  const everyCategory = { slug: '', childList: config.categoryList };
  if (unknownFilter(state.filters, filterVocabulary(topics, everyCategory)) !== null) return notFound();
  const aggregations = list.aggr.topicList.filter((topic) => topic.slug !== PROMOTIONS_TOPIC);
  if (deadFilter({ filters: state.filters, q: null }, aggregations) !== null) return notFound();
  const total = list.pagination.total;
  const pages = pageCount(total, CATALOG_PAGE_SIZE);
  if (state.page > pages) return notFound();

  const facets: LinkedFacet[] = buildFacets(
    aggregations,
    topics.map((topic) => topic.slug),
    state.filters,
    translator(config.translationList, locale),
  ).map((facet) => ({
    slug: facet.slug,
    title: facet.title,
    values: facet.values
      .filter((value) => promotionStateProblem({ ...state, filters: value.next, page: 1 }) === null)
      .map(({ next, ...value }) => ({ ...value, href: at({ filters: next, page: 1 }), nofollow: !isFilterPath(next) })),
  }));
  const robots = robotsFor({ ...state, q: null }, { isPromo: true });
  const pageSuffix = state.page > 1 ? `, ${t('catalog.pageSuffix', { page: state.page })}` : '';
  const catalog: CatalogPageModel = {
    trail: { crumbs, current: promotion.title },
    children: state.filters.some((group) => group.topic === CATEGORY_TOPIC)
      ? []
      : categoryLinks(list.aggr.topicList, config.categoryList, locale, (slug) =>
          at({ filters: [...state.filters, { topic: CATEGORY_TOPIC, values: [slug] }], page: 1 }),
        ),
    heading: promotion.title,
    documentTitle: `${promotion.title} — ${t('promotions.titleSuffix')}${pageSuffix}`,
    description: promotion.description || null,
    products: productCards(list.items, locale),
    total,
    facets,
    // The goods span categories: no one category's config applies.
    facetDisplay: EVERY_FACET_VALUE,
    sorts: sortLinks(state.sort, (sort) => at({ sort, page: 1 })),
    ...pageLinks(state.page, pages, (n) => at({ page: n })),
    resetHref: state.filters.length > 0 ? at({ filters: [], page: 1 }) : null,
    chips: filterChips(
      facets,
      priceRangeOf(state),
      at({ filters: state.filters.filter((group) => group.topic !== PRICE_TOPIC), page: 1 }),
    ),
    price: { ...priceRangeOf(state), action: at({ page: 1 }), q: null },
    banner: null,
    descriptionHtml: null,
    robots,
    canonicalPath: robots === 'index,follow' ? canonical : null,
    certificatePurchase: null,
    topReviews: [],
  };
  return page({ kind: 'catalog', intro, catalog }, { tags: [...promotionTags, CATALOG_TAG, CATEGORY_CONFIG_TAG] });
}
