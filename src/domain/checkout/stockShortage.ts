import type { Locale } from '../../api/schemas/common.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { isGift, lineTexts, type BasketItem } from '../basket/basketItem.ts';

/**
 * Stock that ran out under the shopper (issue 29 "stock at submit"): the order service refuses an
 * order it cannot fill (409) and the basket check then says which line is short. The checkout names
 * each such line (product, colour, size), keeps the form, and sends the smaller order only once the
 * shopper has confirmed it with its new total in front of her; a line may instead be swapped for
 * another size on its product page.
 */

/** A bought line the stock no longer fills: none left, or fewer units than asked. */
export interface ShortLine {
  key: string;
  title: string;
  colour: string | null;
  size: string | null;
  /** Units the order would carry now (0: the line is left out). */
  left: number;
  asked: number;
  /** The product page of the line's variant, to choose another size or colour. */
  href: string;
}

/** The product page of the line's very variant (`?color=&size=`), as the basket links it. */
export function lineProductHref(
  item: Pick<BasketItem, 'slug' | 'colorPresentationValue' | 'sizePresentationValue'>,
  locale: Locale,
): string {
  const query = new URLSearchParams();
  if (item.colorPresentationValue) query.set('color', item.colorPresentationValue);
  if (item.sizePresentationValue) query.set('size', item.sizePresentationValue);
  return routeUrl(routeName('product-page', locale), { slug: item.slug }, query);
}

/** The bought lines the stock does not fill now, in basket order (gifts follow their promotion, not stock). */
export function shortLines(items: readonly BasketItem[], locale: Locale): ShortLine[] {
  return items
    .filter((item) => !isGift(item) && (!item.isAvailableForOrder || item.count < item.expectedCount))
    .map((item) => {
      const { title, colour, size } = lineTexts(item, locale);
      return {
        key: item.key,
        title,
        colour,
        size,
        left: item.isAvailableForOrder ? item.count : 0,
        asked: item.expectedCount,
        href: lineProductHref(item, locale),
      };
    });
}

/** What the shopper confirms: these lines at these counts (a further shortage asks again). */
export function shortageKey(lines: readonly ShortLine[]): string {
  return lines.map((line) => `${line.key}:${line.left}`).join('|');
}
