import { CATALOG_TAG, specialCatalogTag } from '../../api/cacheTags.ts';
import type { HttpClient } from '../../api/http.ts';
import { isSlug } from '../../api/schemas/common.ts';
import { sortFieldSchema } from '../../api/schemas/searchQuery.ts';
import {
  getBabyBundleProducts,
  getCatalogMeta,
  getCatalogProducts,
  getOutletProducts,
  type ProductsRequest,
} from '../../api/search.ts';
import {
  CATALOG_PAGE_SIZE,
  listingPath,
  parseListingRest,
  sortLinks,
  type ListingPageModel,
} from '../../domain/catalog/listing.ts';
import { pageCount, pageLinks } from '../../domain/catalog/pagination.ts';
import { productCards } from '../../domain/catalog/productCard.ts';
import { robotsFor } from '../../domain/catalog/routeGrammar.ts';
import { listingTags } from '../../domain/catalog/listingTags.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { CRITICAL_READ, isServiceNotFound, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** Outlet, the baby bundle (pakunok-malyuka) and custom catalogues (`/catalogs/{slug}`). */
type SpecialCatalog = { kind: 'outlet' } | { kind: 'pakunok-malyuka' } | { kind: 'custom'; slug: string };

const metaSlug = (catalog: SpecialCatalog) => (catalog.kind === 'custom' ? catalog.slug : catalog.kind);

function basePath(catalog: SpecialCatalog, locale: PageRequest['locale']): string {
  if (catalog.kind === 'outlet') return routeUrl(routeName('outlet-page', locale));
  if (catalog.kind === 'pakunok-malyuka') return routeUrl(routeName('pakunok-malyuka-page', locale));
  return routeUrl(routeName('custom-catalog-page', locale), { slug: catalog.slug });
}

/** Spec §4: "Sale, promo and custom catalogues use different search calls depending on the page kind." */
function loadProducts(catalog: SpecialCatalog, api: HttpClient, query: ProductsRequest) {
  if (catalog.kind === 'outlet') return getOutletProducts(api, query, CRITICAL_READ);
  if (catalog.kind === 'pakunok-malyuka') return getBabyBundleProducts(api, query, CRITICAL_READ);
  return getCatalogProducts(api, catalog.slug, query, CRITICAL_READ);
}

/**
 * A special catalogue page (`[page-N][/sort-…]` in the route's `rest`, a custom catalogue's `slug`).
 * Spec §2/§8: an unknown catalogue shows the not-found page; a service that cannot answer, the 503
 * page. Promo pages are indexable only on
 * page 1 without a sort (spec §5).
 */
export async function loadSpecialCatalog(
  request: PageRequest,
  kind: SpecialCatalog['kind'],
): Promise<PageOutcome<ListingPageModel>> {
  const { slug, rest } = request.params;
  const catalog: SpecialCatalog = kind === 'custom' ? { kind, slug: slug ?? '' } : { kind };
  if (catalog.kind === 'custom' && !isSlug(catalog.slug)) return notFound();
  const parsed = parseListingRest(rest);
  if (!parsed) return notFound();
  const { locale, t, api, url } = request;
  const base = basePath(catalog, locale);
  const canonical = listingPath(base, parsed.page, parsed.sort);
  if (rest !== undefined && canonical !== url.pathname) return redirect(`${canonical}${url.search}`);

  // Critical: an unknown catalogue is the not-found page (spec §8); a service that cannot answer is
  // the 503 page (DESIGN §7).
  const metaRead = await readCritical(
    `[catalog] meta of ${metaSlug(catalog)}`,
    getCatalogMeta(api, metaSlug(catalog), { page: parsed.page }, CRITICAL_READ),
    isServiceNotFound,
  );
  if (metaRead.kind === 'missing') return notFound();
  if (metaRead.kind === 'unavailable') return unavailable();
  const meta = metaRead.value;

  const orderBy = sortFieldSchema.safeParse(parsed.sort?.field);
  const listRead = await readCritical(
    `[catalog] products of ${metaSlug(catalog)}`,
    loadProducts(catalog, api, {
      page: parsed.page - 1,
      limit: CATALOG_PAGE_SIZE,
      ...(orderBy.success ? { orderBy: orderBy.data, order: parsed.sort?.desc ? 'desc' : 'asc' } : {}),
    }),
  );
  if (listRead.kind !== 'found') return unavailable();
  const list = listRead.value;
  const count = pageCount(list.pagination.total, CATALOG_PAGE_SIZE);
  if (parsed.page > count) return notFound();

  const robots = robotsFor({ filters: [], sort: parsed.sort, q: null, page: parsed.page }, { isPromo: true });
  return page(
    {
      documentTitle: `${meta.title || meta.h1} — ${t('site.name')}`,
      heading: meta.h1,
      description: meta.description || null,
      intro: null,
      robots,
      canonicalPath: robots === 'index,follow' ? listingPath(base, parsed.page) : null,
      hint: null,
      total: list.pagination.total,
      products: productCards(list.items, locale),
      links: pageLinks(parsed.page, count, (n) => listingPath(base, n, parsed.sort)),
      sorts: sortLinks(parsed.sort, (sort) => listingPath(base, 1, sort)),
    },
    {
      tags: [
        CATALOG_TAG,
        specialCatalogTag(metaSlug(catalog)),
        ...listingTags(
          specialCatalogTag(metaSlug(catalog)),
          { filters: [], sort: parsed.sort },
          list.items.map((product) => product.id),
        ),
      ],
    },
  );
}
