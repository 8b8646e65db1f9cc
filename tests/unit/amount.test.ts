import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice } from '../../src/i18n/amount.ts';

describe('formatAmount: amounts use a space as thousands separator', () => {
  it.each([
    [0, '0'],
    [5, '5'],
    [999, '999'],
    [1000, '1 000'],
    [1299, '1 299'],
    [100000, '100 000'],
    [1234567, '1 234 567'],
    [-999, '-999'],
    [-1500, '-1 500'],
    [-0, '0'],
    [1e21, '1 000 000 000 000 000 000 000'],
  ])('shows the whole number %d as "%s"', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it.each([
    [1234.5, '1 234,50'],
    [0.5, '0,50'],
    [99.99, '99,99'],
    [-1234.56, '-1 234,56'],
    [1.005, '1,01'],
    [1299.999, '1 300'],
    [-0.001, '0'],
  ])(
    'shows %d with kopecks after a decimal comma, or none when it rounds to a whole number: "%s"',
    (value, expected) => {
      expect(formatAmount(value)).toBe(expected);
    },
  );

  it.each([
    [1299, 2, '1 299,00'],
    [0, 2, '0,00'],
    [1234.5, 2, '1 234,50'],
    [1299.6, 0, '1 300'],
    [-0.4, 0, '0'],
    [1234.5, 'auto', '1 234,50'],
  ] as const)('formats %d with fractionDigits %s as "%s"', (value, fractionDigits, expected) => {
    expect(formatAmount(value, { fractionDigits })).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('shows nothing for %d', (value) => {
    expect(formatAmount(value)).toBe('');
  });

  it('uses a plain U+0020 space, not the no-break space Intl would use', () => {
    expect(formatAmount(1234567)).toBe('1\u0020234\u0020567');
    expect(formatAmount(1234567)).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('formatPrice: UAH with "грн" in both languages', () => {
  it.each([
    [1299, 'ru', '1 299 грн'],
    [1299, 'uk', '1 299 грн'],
    [100000, 'uk', '100 000 грн'],
    [1234.5, 'ru', '1 234,50 грн'],
    [0, 'uk', '0 грн'],
    [-35, 'ru', '-35 грн'],
  ] as const)('formats %d for %s as "%s"', (value, locale, expected) => {
    expect(formatPrice(value, locale)).toBe(expected);
  });

  it('shows nothing rather than "NaN грн"', () => {
    expect(formatPrice(Number.NaN, 'ru')).toBe('');
  });
});
