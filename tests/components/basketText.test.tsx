import { describe, expect, it } from 'vitest';
import { basketText } from '../../src/components/basket/basketText.ts';
import ru from '../../src/i18n/ru.json';
import uk from '../../src/i18n/uk.json';

describe('basketText', () => {
  it('gives both languages the same basket keys, none empty', () => {
    expect(Object.keys(uk.basket).sort()).toEqual(Object.keys(ru.basket).sort());
    for (const text of [...Object.values(ru.basket), ...Object.values(uk.basket)]) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const ukEntries = new Map<string, string>(Object.entries(uk.basket));
    for (const [key, text] of Object.entries(ru.basket)) {
      expect(placeholders(ukEntries.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('looks a key up in the page language', () => {
    expect(basketText('ru')('checkout')).toBe('Оформить заказ');
    expect(basketText('uk')('checkout')).toBe('Оформити замовлення');
  });

  it('puts numbers in with a plain space between thousands', () => {
    const t = basketText('ru');
    expect(t('money', { amount: 1234567 })).toBe('1 234 567 грн');
    expect(t('money', { amount: 1234.5 })).toBe('1 234,50 грн');
    expect(t('stockLimit', { count: 3, total: 3 })).toBe('Больше нет в наличии: в корзине 3 из 3');
  });

  it('puts strings in as they are and leaves an unknown placeholder visible', () => {
    const t = basketText('uk');
    expect(t('color', { value: 'Червоний' })).toBe('Колір: Червоний');
    expect(t('color')).toBe('Колір: {{value}}');
  });

  it.each([
    ['ru', 1, '1 товар'],
    ['ru', 3, '3 товара'],
    ['ru', 5, '5 товаров'],
    ['ru', 21, '21 товар'],
    ['ru', 1000, '1 000 товаров'],
    ['uk', 1, '1 товар'],
    ['uk', 4, '4 товари'],
    ['uk', 11, '11 товарів'],
    ['uk', 22, '22 товари'],
  ] as const)('chooses the plural form by the language rules (%s, %i)', (locale, count, expected) => {
    expect(basketText(locale)('goods', { count })).toBe(expected);
  });

  it('a count on a key without plural forms keeps the plain key', () => {
    expect(basketText('ru')('pieces', { count: 2 })).toBe('2 шт.');
  });
});
