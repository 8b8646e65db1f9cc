import { brandTag, CATALOG_TAG } from '../../api/cacheTags.ts';
import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import type { BrandDetail } from '../../api/schemas/brandDetail.ts';
import type { ProductList } from '../../api/schemas/product.ts';
import { getBrand, getProducts } from '../../api/search.ts';
import { pageCount as countPages, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { serverApi } from '../http/apiClient.ts';
import { CATALOG_PAGE_SIZE } from './catalogPage.ts';
import { cachePublicPage } from '../http/pageCache.ts';
import { parseListingRest } from './specialCatalogPage.ts';

export interface BrandPageData {
  brand: BrandDetail;
  description: string | null;
  total: number;
  products: ProductList['items'];
  links: PageLinks;
  canonicalPath: string;
  robots: 'index,follow';
}

export type BrandOutcome =
  { kind: 'page'; data: BrandPageData } | { kind: 'redirect'; location: string } | { kind: 'notFound' };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `/brand/{slug}[/page-N]`: the brand, its description and its products (spec §7 brand call). */
export async function resolveBrandRequest(
  astro: AstroGlobal,
  slug: string | undefined,
  rest: string | undefined,
): Promise<BrandOutcome> {
  const parsed = parseListingRest(rest);
  if (!slug || !SLUG.test(slug) || !parsed || parsed.sort) return { kind: 'notFound' };
  const { locale } = astro.locals;
  const base = routeUrl(routeName('brand-page', locale), { slug });
  const pathFor = (page: number) => `${base}${page > 1 ? `/page-${page}` : ''}`;
  if (rest !== undefined && pathFor(parsed.page) !== astro.url.pathname) {
    return { kind: 'redirect', location: pathFor(parsed.page) };
  }
  const api = serverApi(locale);
  let brand: BrandDetail;
  try {
    brand = await getBrand(api, slug);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
    throw error;
  }
  const list = await getProducts(api, {
    page: parsed.page - 1,
    limit: CATALOG_PAGE_SIZE,
    filters: [{ topic: 'brand', values: [brand.slug] }],
  });
  const count = countPages(list.pagination.total, CATALOG_PAGE_SIZE);
  if (parsed.page > count) return { kind: 'notFound' };
  cachePublicPage(astro, [CATALOG_TAG, brandTag(brand.id)]);
  return {
    kind: 'page',
    data: {
      brand,
      description: locale === 'uk' ? brand.descriptionUkr : brand.description,
      total: list.pagination.total,
      products: list.items,
      links: pageLinks(parsed.page, count, pathFor),
      canonicalPath: pathFor(parsed.page),
      robots: 'index,follow',
    },
  };
}
