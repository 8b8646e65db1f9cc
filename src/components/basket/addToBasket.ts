import type { AddRefusal } from '../../domain/basket/basketRules.ts';
import type { BasketItemInput } from '../../domain/basket/basketItem.ts';
import { addItem, setBasketLocale } from '../../stores/basket.ts';
import { localeOfPage, openBasketDrawer } from './openBasketDrawer.ts';

/**
 * The add-to-basket form with JavaScript: the line goes into the browser's basket (the store
 * applies spec §5: within stock, across the product's variants) and the drawer opens; a refusal is
 * said next to the button, with the limit. The form's own post remains the way without script.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The line data the server wrote into the form. The store's rules check what makes a line (ids,
 * count, prices); this only makes sure the JSON is an object describing the form's own variant.
 */
function itemInput(form: HTMLFormElement): BasketItemInput | null {
  const raw = form.querySelector('script[data-basket-item]')?.textContent ?? '';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const variant = Number(new FormData(form).get('internalId'));
  if (!isRecord(value) || value['id'] !== variant) return null;
  // The form's JSON is this module's counterpart (basketItemInput on the server): same shape.
  return isBasketItemInput(value) ? value : null;
}

function isBasketItemInput(value: Record<string, unknown>): value is Record<string, unknown> & BasketItemInput {
  return (
    typeof value['id'] === 'number' &&
    typeof value['productId'] === 'number' &&
    typeof value['slug'] === 'string' &&
    typeof value['title'] === 'string' &&
    typeof value['recommendedPrice'] === 'number' &&
    typeof value['sellingPrice'] === 'number' &&
    typeof value['totalAmount'] === 'number' &&
    Array.isArray(value['warehouses'])
  );
}

function fill(template: string, values: Record<string, number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function refusalText(form: HTMLFormElement, refusal: AddRefusal): string {
  const { msgStockLimit = '', msgBasketFull = '', msgCannotAdd = '' } = form.dataset;
  if (refusal.reason === 'stockLimit') return fill(msgStockLimit, { count: refusal.max, inBasket: refusal.inBasket });
  if (refusal.reason === 'basketFull') return fill(msgBasketFull, { count: refusal.max });
  return msgCannotAdd;
}

/** Takes over the form's submit; does nothing to a form without line data (it then posts as usual). */
export function bindAddToBasket(form: HTMLFormElement): void {
  const input = itemInput(form);
  if (!input) return;
  setBasketLocale(localeOfPage());
  const message = form.querySelector<HTMLElement>('[data-basket-message]');
  const quantity = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const count = Math.max(1, Math.trunc(Number(quantity?.value ?? 1)) || 1);
    const result = addItem(input, { count });
    if (!message) return;
    if (result.ok) {
      message.dataset['kind'] = 'added';
      message.textContent = form.dataset['msgAdded'] ?? '';
      void openBasketDrawer(form.dataset['basketHref']);
    } else {
      message.dataset['kind'] = 'refused';
      message.textContent = refusalText(form, result);
    }
  });
}
