import { describe, expect, it } from 'vitest';
import { checkoutText } from '../../src/components/checkout/checkoutText.ts';
import ru from '../../src/i18n/ru.json';
import uk from '../../src/i18n/uk.json';

describe('checkoutText', () => {
  it('gives both languages the same checkout keys, none empty', () => {
    expect(Object.keys(uk.checkout).sort()).toEqual(Object.keys(ru.checkout).sort());
    for (const text of [...Object.values(ru.checkout), ...Object.values(uk.checkout)]) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const ukEntries = new Map<string, string>(Object.entries(uk.checkout));
    for (const [key, text] of Object.entries(ru.checkout)) {
      expect(placeholders(ukEntries.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it.each([
    ['ru', 3, '3 платежа по ~1 234 грн'],
    ['ru', 5, '5 платежей по ~1 234 грн'],
    ['uk', 3, '3 платежі по ~1 234 грн'],
    ['uk', 10, '10 платежів по ~1 234 грн'],
  ] as const)('%s: %d payments read naturally', (locale, count, expected) => {
    expect(checkoutText(locale)('parts', { count, amount: 1234 })).toBe(expected);
  });

  it('writes money with a space between thousands', () => {
    expect(checkoutText('uk')('money', { amount: 12500 })).toBe('12 500 грн');
  });
});
