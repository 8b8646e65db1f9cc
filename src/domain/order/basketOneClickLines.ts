/**
 * The browser's side of «Купить в один клик» from the basket: which lines it orders, and the
 * form's shapes. Apart from the rules (basketOneClick.ts) so the basket island carries no
 * validation code: the server checks the form.
 */

export interface BasketOneClickLine {
  productId: number;
  internalId: number;
  quantity: number;
}

export type BasketOneClickField = 'phone' | 'firstName' | 'items';
export type BasketOneClickValues = Readonly<Record<'phone' | 'firstName', string>>;
export type BasketOneClickErrors = Partial<Record<BasketOneClickField, string>>;

/**
 * What the browser's basket orders in one click: its goods lines at their price. A one-click
 * order carries only `items` (spec §7), so a basket with a subscription (its schedule), a gift of
 * a promotion or a promo code or certificate goes through the checkout, which carries them: null,
 * and the basket offers no one-click rather than one that drops part of it.
 */
export function oneClickLinesOf(
  items: readonly { itemType: string; id: number; productId: number; count: number }[],
  codes: number,
): BasketOneClickLine[] | null {
  if (items.length === 0 || codes > 0 || items.some((item) => item.itemType !== 'price')) return null;
  return items.map((item) => ({ productId: item.productId, internalId: item.id, quantity: item.count }));
}
