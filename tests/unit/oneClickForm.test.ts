import { describe, expect, it } from 'vitest';
import {
  ONE_CLICK_MAX_QUANTITY,
  oneClickFormModel,
  readQuantity,
  serviceErrors,
  validateOneClick,
} from '../../src/domain/order/oneClickForm.ts';

/** «Купить в один клик» (src/domain/order/oneClickForm.ts): the phone rule, the name, the quantity, the service's fields. */
const line = { productId: 7, internalId: 70 };
const anonymous = { signedIn: false, locale: 'uk' as const };

describe('validateOneClick', () => {
  it('a phone written any usual way, a name and a count make the order (phone canonical, name trimmed)', () => {
    expect(
      validateOneClick({ phone: '093 123-45-67', firstName: ' Мар’яна ', quantity: '2' }, line, anonymous),
    ).toEqual({
      ok: true,
      payload: { phone: '380931234567', firstName: 'Мар’яна', items: [{ internalId: 70, productId: 7, quantity: 2 }] },
    });
  });

  it('each field its first broken rule, the spec’s words in the page’s language', () => {
    expect(validateOneClick({ phone: '+7 912 345 67 89', firstName: '', quantity: '0' }, line, anonymous)).toEqual({
      ok: false,
      errors: {
        phone: 'Номер телефону має починатись з +380',
        firstName: 'Поле обов’язкове до заповнення',
        quantity: `Кількість: від 1 до ${ONE_CLICK_MAX_QUANTITY}`,
      },
    });
    const ru = validateOneClick({ phone: '', firstName: 'R2-D2', quantity: '1' }, line, { ...anonymous, locale: 'ru' });
    expect(ru).toEqual({
      ok: false,
      errors: { phone: 'Поле обязательно для заполнения', firstName: 'Допустимы только буквы, дефис и апостроф' },
    });
  });

  it('a signed-in shopper may leave the name to the account', () => {
    const result = validateOneClick({ phone: '+380501112233', firstName: '', quantity: '1' }, line, {
      signedIn: true,
      locale: 'ru',
    });
    expect(result.ok && result.payload.firstName).toBe('');
  });
});

describe('readQuantity', () => {
  it.each([
    ['1', 1],
    [' 12 ', 12],
    [String(ONE_CLICK_MAX_QUANTITY), ONE_CLICK_MAX_QUANTITY],
    [String(ONE_CLICK_MAX_QUANTITY + 1), null],
    ['0', null],
    ['1.5', null],
    ['-1', null],
    ['', null],
  ])('%j → %j', (text, quantity) => expect(readQuantity(text)).toBe(quantity));
});

describe('serviceErrors', () => {
  it('the line’s refusals show by the quantity, the phone’s by the phone; spec texts in the page’s language', () => {
    expect(
      serviceErrors(
        [
          { field: 'items.0.quantity', message: 'Недостатньо товару «Куртка»: доступно 1 шт.' },
          { field: 'items.0', message: 'second' },
          { field: 'phone', message: 'Номер телефону має починатись з +380' },
        ],
        'ru',
      ),
    ).toEqual({
      quantity: 'Недостатньо товару «Куртка»: доступно 1 шт.',
      phone: 'Номер телефона должен начинаться с +380',
    });
  });

  it('null when no field of the form is named (the page then says the order failed)', () => {
    expect(serviceErrors([{ field: 'certificates', message: 'x' }], 'uk')).toBeNull();
  });
});

it('the form offers one unit at least and never more than one order may hold', () => {
  expect(oneClickFormModel('/one-click', line, 0).max).toBe(1);
  expect(oneClickFormModel('/one-click', line, 5000).max).toBe(ONE_CLICK_MAX_QUANTITY);
});
