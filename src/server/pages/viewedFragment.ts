import { isApiError } from '../../api/apiError.ts';
import { productTag } from '../../api/cacheTags.ts';
import { getProductsByIds } from '../../api/search.ts';
import { productCards, type ProductCardModel } from '../../domain/catalog/productCard.ts';
import { parseViewedIds } from '../../domain/catalog/viewedItems.ts';
import { notFound, page, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/**
 * `/viewed?ids=3,1,2` (and `/ua/…`): the cards of the recently viewed strip, an HTML fragment the
 * product and main pages fetch for the ids this browser keeps (issue 12). The same for everyone
 * who asks for the same ids, so it is cached like a page and dropped when one of its products
 * changes; a product the catalogue no longer lists is left out.
 */
export async function loadViewedFragment(request: PageRequest): Promise<PageOutcome<{ cards: ProductCardModel[] }>> {
  const ids = parseViewedIds(request.url.searchParams.get('ids'));
  if (ids === null) return notFound();
  try {
    const products = await getProductsByIds(request.api, ids, { withPrice: true });
    return page({ cards: productCards(products, request.locale) }, { tags: ids.map(productTag) });
  } catch (error) {
    if (isApiError(error)) return unavailable();
    throw error;
  }
}
