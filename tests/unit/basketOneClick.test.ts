import { describe, expect, it } from 'vitest';
import {
  ONE_CLICK_MAX_LINES,
  basketOneClickItems,
  validateBasketOneClick,
} from '../../src/domain/order/basketOneClick.ts';
import { oneClickLinesOf } from '../../src/domain/order/basketOneClickLines.ts';

const line = (internalId: number, quantity = 1) => ({ productId: internalId * 10, internalId, quantity });
const person = { phone: '093 123 45 67', firstName: 'Олена' };

describe('the basket’s one-click lines', () => {
  it('the same variant twice is one item with its units added up, within one order’s units', () => {
    expect(basketOneClickItems([line(1, 2), line(2), line(1, 3)])).toEqual([line(1, 5), line(2)]);
    expect(basketOneClickItems([line(1, 998), line(1, 5)])).toEqual([line(1, 999)]);
  });

  it('orders every line with the phone and the name', () => {
    expect(validateBasketOneClick(person, [line(1, 2), line(2)], { signedIn: false, locale: 'ru' })).toEqual({
      ok: true,
      payload: { phone: '380931234567', firstName: 'Олена', items: [line(1, 2), line(2)] },
    });
  });

  it('refuses an empty basket and one over the lines one order holds, by the basket’s own field', () => {
    expect(validateBasketOneClick(person, [], { signedIn: false, locale: 'uk' })).toEqual({
      ok: false,
      errors: { items: 'У кошику немає товарів для замовлення' },
    });
    const many = Array.from({ length: ONE_CLICK_MAX_LINES + 1 }, (_, i) => line(i + 1));
    const refused = validateBasketOneClick(person, many, { signedIn: false, locale: 'ru' });
    expect(refused.ok ? null : refused.errors.items).toBe('В одном заказе — не больше 100 товаров');
  });

  it('the phone rule and the name rule are the product page’s one-click rules', () => {
    const result = validateBasketOneClick({ phone: '+7 912', firstName: '' }, [line(1)], {
      signedIn: false,
      locale: 'uk',
    });
    expect(result.ok ? null : Object.keys(result.errors)).toEqual(['phone', 'firstName']);
    expect(validateBasketOneClick({ ...person, firstName: '' }, [line(1)], { signedIn: true, locale: 'uk' }).ok).toBe(
      true,
    );
  });

  it('the browser’s basket is offered a one-click only while it holds goods alone', () => {
    const goods = { itemType: 'price', id: 7, productId: 70, count: 2 };
    expect(oneClickLinesOf([goods], 0)).toEqual([line(7, 2)]);
    expect(oneClickLinesOf([], 0)).toBeNull();
    expect(oneClickLinesOf([goods], 1)).toBeNull();
    expect(oneClickLinesOf([goods, { ...goods, itemType: 'gift' }], 0)).toBeNull();
    expect(oneClickLinesOf([goods, { ...goods, itemType: 'subscription' }], 0)).toBeNull();
  });
});
