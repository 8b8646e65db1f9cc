import type { Locale } from '../../api/schemas/common.ts';
import type { OneClickOrderPayload } from '../../api/schemas/order.ts';
import type { BasketOneClickErrors, BasketOneClickLine, BasketOneClickValues } from './basketOneClickLines.ts';
import { ONE_CLICK_MAX_QUANTITY, validateOneClick } from './oneClickForm.ts';

export type {
  BasketOneClickErrors,
  BasketOneClickField,
  BasketOneClickLine,
  BasketOneClickValues,
} from './basketOneClickLines.ts';

/**
 * «Купить в один клик» from the basket (storefront spec §7 one-click order: `items` of
 * internalId, productId, quantity): every goods line of the basket in one order, a phone, and a
 * first name when the shopper is anonymous. The lines are the basket's, not typed: the form has
 * the phone and the name only, and the rules are the product page's one-click rules
 * (validateOneClick) plus what a basket may hold.
 */

/** Lines the order service takes in one order (its schema's `items` max). */
export const ONE_CLICK_MAX_LINES = 100;

export const EMPTY_BASKET_ONE_CLICK: BasketOneClickValues = { phone: '', firstName: '' };

/** Ours (the spec has none): nothing in the basket can be ordered this way. */
const NO_LINES: Readonly<Record<Locale, string>> = {
  ru: 'В корзине нет товаров для заказа',
  uk: 'У кошику немає товарів для замовлення',
};
/** Ours: the basket holds more lines than one order may. */
const TOO_MANY: Readonly<Record<Locale, string>> = {
  ru: `В одном заказе — не больше ${ONE_CLICK_MAX_LINES} товаров`,
  uk: `В одному замовленні — не більше ${ONE_CLICK_MAX_LINES} товарів`,
};

/**
 * The basket's lines as one order's items: the same variant twice (a stale tab, a hand-made
 * post) is one item with the units added up, each within the units one order may hold of it.
 */
export function basketOneClickItems(lines: readonly BasketOneClickLine[]): BasketOneClickLine[] {
  const byVariant = new Map<number, BasketOneClickLine>();
  for (const line of lines) {
    const seen = byVariant.get(line.internalId);
    const quantity = Math.min(ONE_CLICK_MAX_QUANTITY, (seen?.quantity ?? 0) + line.quantity);
    byVariant.set(line.internalId, { ...(seen ?? line), quantity });
  }
  return [...byVariant.values()];
}

export type BasketOneClickResult =
  { ok: true; payload: OneClickOrderPayload } | { ok: false; errors: BasketOneClickErrors };

/** The order to send, or a message per field (`items`: the basket itself). */
export function validateBasketOneClick(
  values: BasketOneClickValues,
  lines: readonly BasketOneClickLine[],
  { signedIn, locale }: { signedIn: boolean; locale: Locale },
): BasketOneClickResult {
  const items = basketOneClickItems(lines.filter((l) => Number.isSafeInteger(l.quantity) && l.quantity >= 1));
  const first = items[0] ?? { productId: 1, internalId: 1 };
  // The person rules are the product page's; its quantity field is not on this form.
  const person = validateOneClick({ ...values, quantity: '1' }, first, { signedIn, locale });
  const itemsError =
    items.length === 0 ? NO_LINES[locale] : items.length > ONE_CLICK_MAX_LINES ? TOO_MANY[locale] : null;
  if (person.ok && itemsError === null) {
    return {
      ok: true,
      payload: {
        ...person.payload,
        items: items.map(({ internalId, productId, quantity }) => ({ internalId, productId, quantity })),
      },
    };
  }
  const errors: BasketOneClickErrors = {};
  if (!person.ok && person.errors.phone) errors.phone = person.errors.phone;
  if (!person.ok && person.errors.firstName) errors.firstName = person.errors.firstName;
  if (itemsError !== null) errors.items = itemsError;
  return { ok: false, errors };
}
