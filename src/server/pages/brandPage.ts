import { brandTag, CATALOG_TAG } from '../../api/cacheTags.ts';
import { isSlug } from '../../api/schemas/common.ts';
import { getBrand, getProducts } from '../../api/search.ts';
import {
  CATALOG_PAGE_SIZE,
  listingPath,
  parseListingRest,
  type ListingPageModel,
} from '../../domain/catalog/listing.ts';
import { pageCount, pageLinks } from '../../domain/catalog/pagination.ts';
import { productCards } from '../../domain/catalog/productCard.ts';
import { localizedOrNull } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { CRITICAL_READ, isServiceNotFound, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** `/brand/{slug}[/page-N]`: the brand, its description and its products (spec §7 brand call). */
export async function loadBrandPage(request: PageRequest): Promise<PageOutcome<ListingPageModel>> {
  const { slug, rest } = request.params;
  const parsed = parseListingRest(rest);
  // A brand's products have one order: a sort segment is not part of its URLs.
  if (!isSlug(slug) || !parsed || parsed.sort) return notFound();
  const { locale, t, api, url } = request;
  const base = routeUrl(routeName('brand-page', locale), { slug });
  const canonical = listingPath(base, parsed.page);
  if (rest !== undefined && canonical !== url.pathname) return redirect(canonical);
  // Critical: an unknown brand is a 404; any other failure is the 503 page (never cached).
  const brandRead = await readCritical('[brand] brand', getBrand(api, slug, CRITICAL_READ), isServiceNotFound);
  if (brandRead.kind === 'missing') return notFound();
  if (brandRead.kind === 'unavailable') return unavailable();
  const brand = brandRead.value;
  const listRead = await readCritical(
    '[brand] products',
    getProducts(
      api,
      { page: parsed.page - 1, limit: CATALOG_PAGE_SIZE, filters: [{ topic: 'brand', values: [brand.slug] }] },
      CRITICAL_READ,
    ),
  );
  if (listRead.kind !== 'found') return unavailable();
  const list = listRead.value;
  const count = pageCount(list.pagination.total, CATALOG_PAGE_SIZE);
  if (parsed.page > count) return notFound();
  const description = localizedOrNull(locale, brand.description, brand.descriptionUkr);
  return page(
    {
      documentTitle: `${brand.title} — ${t('brand.titleSuffix')}`,
      heading: brand.title,
      description,
      intro: description,
      robots: 'index,follow',
      canonicalPath: canonical,
      hint: null,
      total: list.pagination.total,
      products: productCards(list.items, locale),
      links: pageLinks(parsed.page, count, (n) => listingPath(base, n)),
      sorts: [],
    },
    { tags: [CATALOG_TAG, brandTag(brand.id)] },
  );
}
