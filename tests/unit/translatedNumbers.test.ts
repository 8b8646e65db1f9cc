import { describe, expect, it } from 'vitest';
import { createT } from '../../src/i18n/i18n.ts';

describe('numbers in translated texts (spec §9: a space as thousands separator)', () => {
  it('prints a product count above 999 with a space, in both languages, keeping the plural', () => {
    expect(createT('ru')('catalog.found', { count: 12345 })).toBe('Найдено 12 345 товаров');
    expect(createT('uk')('catalog.found', { count: 12345 })).toMatch(/^\S+ 12 345 \S+$/);
    expect(createT('ru')('catalog.found', { count: 1 })).toBe('Найден 1 товар');
  });

  it('groups stock figures and bonus points too', () => {
    expect(createT('ru')('productPage.inShop', { count: 1500 })).toBe('в наличии: 1 500 шт.');
    expect(createT('ru')('productPage.bonus', { count: 2500 })).toBe('+2 500 бонусов за покупку');
  });

  it('leaves identifiers alone: a year is not a quantity', () => {
    expect(createT('ru')('footer.copyright', { year: 2026 })).toContain('© 2026 ');
  });
});
