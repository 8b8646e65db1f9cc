import { kyivToday } from '../../domain/account/kyivDate.ts';
import type { AddRefusal } from '../../domain/basket/basketRules.ts';
import type { BasketItemInput, LineChoice } from '../../domain/basket/basketItem.ts';
import { subscriptionChoice, subscriptionDateText, subscriptionStartRange } from '../../domain/basket/subscription.ts';
import { hasCustomerHint } from '../../domain/session/customerHint.ts';
import { addItem } from '../../stores/basket.ts';
import { openBasketDrawer } from './openBasketDrawer.ts';

/**
 * The add-to-basket form with JavaScript: the line goes into the browser's basket (the store
 * applies spec §5: within stock, across the product's variants) and the drawer opens; a refusal is
 * said next to the button, with the limit. The form's own post remains the way without script.
 * With «Оформить подписку» ticked by a signed-in shopper (spec §6: the hint cookie says so) the
 * line is a subscription: the count is the quantity of each delivery (spec §3 "Subscription
 * options: quantity, startDate, interval").
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
  // The form's JSON is this module's counterpart (basketItemInput on the server): same shape. A
  // page cached before subscriptions has no subscription price: none.
  const price = value['subscriptionPrice'];
  return isBasketItemInput(value) ? { ...value, subscriptionPrice: typeof price === 'number' ? price : null } : null;
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

function fill(template: string, values: Record<string, number | string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function refusalText(form: HTMLFormElement, refusal: AddRefusal): string {
  const { msgStockLimit = '', msgBasketFull = '', msgCannotAdd = '' } = form.dataset;
  if (refusal.reason === 'stockLimit') return fill(msgStockLimit, { count: refusal.max, inBasket: refusal.inBasket });
  if (refusal.reason === 'basketFull') return fill(msgBasketFull, { count: refusal.max });
  return msgCannotAdd;
}

/** Takes over the form's submit; a submit without line data (nor a size to ask for) posts as usual. */
export function bindAddToBasket(form: HTMLFormElement): void {
  const message = form.querySelector<HTMLElement>('[data-basket-message]');
  const quantity = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const subscribe = form.querySelector<HTMLInputElement>('input[data-subscribe]');
  const interval = form.querySelector<HTMLSelectElement>('select[name="intervalDays"]');
  const start = form.querySelector<HTMLInputElement>('input[data-subscribe-start]');
  if (start) {
    // Only here: the first Kyiv date costs a slow phone ~25 ms (kyivDate.ts), and most products
    // have no subscription.
    const range = subscriptionStartRange(kyivToday(new Date()));
    start.min = range.min;
    start.max = range.max;
    if (start.value === '') start.value = range.value;
  }
  const say = (kind: 'added' | 'refused', text: string): void => {
    if (!message) return;
    message.dataset['kind'] = kind;
    message.textContent = text;
  };
  form.addEventListener('submit', (event) => {
    // Issue 29: no size is chosen for the shopper; the picker (variantPicker.ts) fills the line in
    // once she picks one, so it is read at each submit. A form without line data posts as usual.
    const needsSize = 'needsSize' in form.dataset;
    const input = needsSize ? null : itemInput(form);
    if (!input && !needsSize) return;
    event.preventDefault();
    if (!input) {
      say('refused', form.dataset['msgChooseSize'] ?? '');
      form.dispatchEvent(new CustomEvent('choose-size', { bubbles: true }));
      return;
    }
    const count = Math.max(1, Math.trunc(Number(quantity?.value ?? 1)) || 1);
    let choice: LineChoice = { count };
    const subscribing = subscribe?.checked === true && hasCustomerHint(document.cookie);
    if (subscribing) {
      const today = kyivToday(new Date());
      const chosen = subscriptionChoice(
        { quantity: count, interval: interval?.value ?? '', startDate: start?.value ?? '' },
        today,
      );
      if (!chosen.ok) {
        const range = subscriptionStartRange(today);
        say(
          'refused',
          fill(form.dataset['msgSubscribeStart'] ?? '', {
            min: subscriptionDateText(range.min),
            max: subscriptionDateText(range.max),
          }),
        );
        (chosen.field === 'startDate' ? start : interval)?.focus();
        return;
      }
      choice = { count, subscription: chosen.options };
    }
    const result = addItem(input, choice);
    if (result.ok) {
      say('added', form.dataset[subscribing ? 'msgSubscribed' : 'msgAdded'] ?? '');
      void openBasketDrawer(form.dataset['basketHref']);
    } else say('refused', refusalText(form, result));
  });
}
