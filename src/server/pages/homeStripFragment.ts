import { contentBlockTag, localeTag, productTag } from '../../api/cacheTags.ts';
import { MAIN_PAGE_SLUGS } from '../../api/schemas/content.ts';
import { isApiError } from '../../api/apiError.ts';
import { notFound, page, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';
import { loadProductStrip, type ProductStrip } from './homePage.ts';

/** The main page's product strips whose cards are fetched on approach rather than sent with the page. */
export const LATER_STRIPS: readonly string[] = [
  MAIN_PAGE_SLUGS.firstProductSlider,
  MAIN_PAGE_SLUGS.secondProductSlider,
];

/**
 * `/home-strip?slug=…` (and `/ua/…`): the cards of a main-page product strip below the first
 * screen, an HTML fragment the main page fetches as the shopper scrolls near it (issue 27: 1.4 and
 * 2.1 KB of the main page's first flight; the first strip starts right under the first screen, so
 * it is asked for as soon as the page's scripts run). Cached like a page under the strip's content block and its
 * products; an unknown slug or an empty strip is a 404 (the page then drops the strip's section).
 */
export async function loadHomeStripFragment(request: PageRequest): Promise<PageOutcome<{ strip: ProductStrip }>> {
  const slug = request.url.searchParams.get('slug') ?? '';
  if (!LATER_STRIPS.includes(slug) || [...request.url.searchParams.keys()].length !== 1) return notFound();
  try {
    const strip = await loadProductStrip(request.api, slug);
    if (strip === null) return notFound();
    return page(
      { strip },
      {
        tags: [localeTag(contentBlockTag(slug), request.locale), ...strip.products.map((card) => productTag(card.id))],
      },
    );
  } catch (error) {
    if (isApiError(error)) return unavailable();
    throw error;
  }
}
