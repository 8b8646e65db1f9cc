import { describe, expect, it } from 'vitest';
import { choiceHref, chosenVariant, priceFrom, sizeAfterColorChange } from '../../src/domain/product/variantChoice.ts';
import { readStockContact } from '../../src/domain/product/stockContact.ts';

const variants = [
  { id: 1, color: 'red', size: '74' },
  { id: 2, color: 'red', size: '80' },
  { id: 3, color: 'blue', size: '80' },
  { id: 4, color: 'blue', size: '86' },
  { id: 5, color: 'green', size: '86' },
  { id: 6, color: 'without-color', size: null },
];

describe('the variant picker’s choice (issue 29)', () => {
  it('chooses no size for the shopper when the colour has several', () => {
    expect(chosenVariant(variants, 'red', null)).toBeNull();
    expect(chosenVariant(variants, 'red', 'nope')).toBeNull();
    expect(chosenVariant(variants, 'red', '80')?.id).toBe(2);
  });

  it('chooses the only size, and a variant without sizes', () => {
    expect(chosenVariant(variants, 'green', null)?.id).toBe(5);
    expect(chosenVariant(variants, 'without-color', undefined)?.id).toBe(6);
  });

  it('keeps the size across colours only where the new colour has it', () => {
    expect(sizeAfterColorChange(variants, 'blue', '80')).toBe('80');
    expect(sizeAfterColorChange(variants, 'blue', '74')).toBeNull();
    expect(sizeAfterColorChange(variants, 'blue', null)).toBeNull();
  });

  it('writes the links’ own URL', () => {
    expect(choiceHref('/ua/product/x', 'red', null)).toBe('/ua/product/x?color=red');
    expect(choiceHref('/product/x', 'red', '80')).toBe('/product/x?color=red&size=80');
  });

  it('says «від» only when the prices differ', () => {
    expect(priceFrom([2259, 2169, 2259])).toEqual({ lowest: 2169, isRange: true });
    expect(priceFrom([500, 500])).toEqual({ lowest: 500, isRange: false });
    expect(priceFrom([])).toBeNull();
  });
});

describe('«Повідомити про наявність» contact', () => {
  it('reads a phone as people type it, or an e-mail', () => {
    expect(readStockContact('093 123 45 67')).toEqual({ ok: true, channel: 'sms', to: '380931234567' });
    expect(readStockContact('+380931234567')).toEqual({ ok: true, channel: 'sms', to: '380931234567' });
    expect(readStockContact(' Mama@Example.com ')).toEqual({ ok: true, channel: 'email', to: 'mama@example.com' });
  });

  it('says what is wrong', () => {
    expect(readStockContact('  ')).toEqual({ ok: false, problem: 'required' });
    expect(readStockContact('mama@')).toEqual({ ok: false, problem: 'email' });
    expect(readStockContact('12345')).toEqual({ ok: false, problem: 'phone' });
  });
});
