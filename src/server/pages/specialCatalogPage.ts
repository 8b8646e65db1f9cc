import type { Locale } from '../../api/schemas/common.ts';
import { CATALOG_TAG, specialCatalogTag } from '../../api/cacheTags.ts';
import type { AstroGlobal } from 'astro';
import type { ProductList } from '../../api/schemas/product.ts';
import { sortFieldSchema } from '../../api/schemas/searchQuery.ts';
import {
  getBabyBundleProducts,
  getCatalogMeta,
  getCatalogProducts,
  getOutletProducts,
  type ProductsRequest,
} from '../../api/search.ts';
import { pageCount as countPages, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { robotsFor, type CatalogSort } from '../../domain/catalog/routeGrammar.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { serverApi } from '../http/apiClient.ts';
import { CATALOG_PAGE_SIZE, SORT_CHOICES } from './catalogPage.ts';
import { cachePublicPage } from '../http/pageCache.ts';

/** Outlet, the baby bundle (pakunok-malyuka) and custom catalogues (`/catalogs/{slug}`). */
export type SpecialCatalog = { kind: 'outlet' } | { kind: 'pakunok-malyuka' } | { kind: 'custom'; slug: string };

export interface SpecialCatalogData {
  title: string;
  heading: string;
  description: string | undefined;
  robots: 'index,follow' | 'noindex,nofollow';
  canonicalPath: string | null;
  total: number;
  products: ProductList['items'];
  links: PageLinks;
  sorts: { key: string; href: string; active: boolean }[];
}

export type SpecialOutcome =
  { kind: 'page'; data: SpecialCatalogData } | { kind: 'redirect'; location: string } | { kind: 'notFound' };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PAGE = /^page-([1-9]\d{0,4})$/;
const SORT = /^sort-([a-z]+?)(-desc)?$/;

/** `[page-N][/sort-field[-desc]]` after the catalogue's own path; null when it is anything else. */
export function parseListingRest(rest: string | undefined): { page: number; sort: CatalogSort | null } | null {
  const segments = (rest ?? '').split('/').filter((segment) => segment !== '');
  let page = 1;
  let sort: CatalogSort | null = null;
  const first = segments[0];
  const pageMatch = first === undefined ? null : PAGE.exec(first);
  if (pageMatch) {
    page = Number(pageMatch[1]);
    segments.shift();
  }
  const sortMatch = segments[0] === undefined ? null : SORT.exec(segments[0]);
  if (sortMatch?.[1]) {
    sort = { field: sortMatch[1], desc: sortMatch[2] !== undefined };
    segments.shift();
  }
  return segments.length === 0 ? { page, sort } : null;
}

const metaSlug = (catalog: SpecialCatalog) => (catalog.kind === 'custom' ? catalog.slug : catalog.kind);

function basePath(catalog: SpecialCatalog, locale: Locale): string {
  if (catalog.kind === 'outlet') return routeUrl(routeName('outlet-page', locale));
  if (catalog.kind === 'pakunok-malyuka') return routeUrl(routeName('pakunok-malyuka-page', locale));
  return routeUrl(routeName('custom-catalog-page', locale), { slug: catalog.slug });
}

function loadProducts(catalog: SpecialCatalog, api: ReturnType<typeof serverApi>, query: ProductsRequest) {
  if (catalog.kind === 'outlet') return getOutletProducts(api, query);
  if (catalog.kind === 'pakunok-malyuka') return getBabyBundleProducts(api, query);
  return getCatalogProducts(api, catalog.slug, query);
}

/**
 * A special catalogue page. Spec §2/§8: a failed meta fetch shows the not-found page. Promo pages
 * are indexable only on page 1 without a sort (spec §5).
 */
export async function resolveSpecialCatalog(
  astro: AstroGlobal,
  catalog: SpecialCatalog,
  rest: string | undefined,
): Promise<SpecialOutcome> {
  if (catalog.kind === 'custom' && !SLUG.test(catalog.slug)) return { kind: 'notFound' };
  const parsed = parseListingRest(rest);
  if (!parsed) return { kind: 'notFound' };
  const { locale, t } = astro.locals;
  const base = basePath(catalog, locale);
  const pathFor = (page: number, sort: CatalogSort | null) =>
    `${base}${page > 1 ? `/page-${page}` : ''}${sort ? `/sort-${sort.field}${sort.desc ? '-desc' : ''}` : ''}`;
  if (rest !== undefined && pathFor(parsed.page, parsed.sort) !== astro.url.pathname) {
    return { kind: 'redirect', location: `${pathFor(parsed.page, parsed.sort)}${astro.url.search}` };
  }

  const api = serverApi(locale);
  const meta = await getCatalogMeta(api, metaSlug(catalog), { page: parsed.page }).catch((error: unknown) => {
    console.error(`[catalog] meta of ${metaSlug(catalog)} failed:`, error instanceof Error ? error.message : error);
    return null;
  });
  if (!meta) return { kind: 'notFound' };

  const orderBy = sortFieldSchema.safeParse(parsed.sort?.field);
  const list = await loadProducts(catalog, api, {
    page: parsed.page - 1,
    limit: CATALOG_PAGE_SIZE,
    ...(orderBy.success ? { orderBy: orderBy.data, order: parsed.sort?.desc ? 'desc' : 'asc' } : {}),
  });
  const count = countPages(list.pagination.total, CATALOG_PAGE_SIZE);
  if (parsed.page > count) return { kind: 'notFound' };

  const robots = robotsFor({ filters: [], sort: parsed.sort, q: null, page: parsed.page }, { isPromo: true });
  cachePublicPage(astro, [CATALOG_TAG, specialCatalogTag(metaSlug(catalog))]);
  return {
    kind: 'page',
    data: {
      title: `${meta.title || meta.h1} — ${t('site.name')}`,
      heading: meta.h1,
      description: meta.description || undefined,
      robots,
      canonicalPath: robots === 'index,follow' ? pathFor(parsed.page, null) : null,
      total: list.pagination.total,
      products: list.items,
      links: pageLinks(parsed.page, count, (page) => pathFor(page, parsed.sort)),
      sorts: SORT_CHOICES.map((choice) => ({
        key: choice.key,
        href: pathFor(1, choice.sort ? { ...choice.sort } : null),
        active:
          choice.sort === null
            ? parsed.sort === null
            : parsed.sort?.field === choice.sort.field && parsed.sort.desc === choice.sort.desc,
      })),
    },
  };
}
