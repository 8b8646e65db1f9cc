import { describe, expect, it } from 'vitest';
import { sortTarget } from '../../src/domain/catalog/sortForm.ts';

describe('where the sort form may send a shopper', () => {
  it.each([
    ['/odezhda/sort-price', '/odezhda/sort-price'],
    ['/ua/odezhda/color=sinij/sort-price-desc', '/ua/odezhda/color=sinij/sort-price-desc'],
    [
      '/ua/search-result/sort-price?q=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0',
      '/ua/search-result/sort-price?q=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0',
    ],
    ['/outlet/../odezhda', '/odezhda'],
  ])('%s → %s', (to, target) => {
    expect(sortTarget(to)).toBe(target);
  });

  it.each([
    null,
    '',
    'odezhda',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    '/a\nb',
    'javascript:alert(1)',
  ])('refuses %j', (to) => {
    expect(sortTarget(to)).toBeNull();
  });
});
