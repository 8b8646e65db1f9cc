import { describe, expect, it } from 'vitest';
import {
  colorOptions,
  selectVariant,
  sizeOptions,
  variantType,
  type SelectableVariant,
} from '../../src/domain/product/variantSelection.ts';

let id = 0;
function v(
  color: string | null,
  size: string | null,
  stock: number,
  extra: Partial<SelectableVariant> = {},
): SelectableVariant {
  const order: Record<string, number> = { red: 1, blue: 2, green: 3, s: 1, m: 2, l: 3 };
  return {
    id: ++id,
    totalAmount: stock,
    isArchival: false,
    probablyPriceRecommended: 100,
    probablyPriceSelling: 90,
    colorPresentation: color ? { slug: color, title: color.toUpperCase(), ordering: order[color] ?? 9 } : null,
    sizePresentation: size ? { slug: size, title: size.toUpperCase(), ordering: order[size] ?? 9 } : null,
    ...extra,
  };
}

const shirt = [v('blue', 'm', 0), v('blue', 'l', 4), v('red', 's', 2), v('red', 'm', 0), v('green', 's', 0)];
const pick = (wanted: { color?: string; size?: string }) => {
  const chosen = selectVariant(shirt, wanted);
  return chosen ? `${chosen.colorPresentation?.slug}/${chosen.sizePresentation?.slug}` : null;
};

describe('variant selection on a product page (spec §4)', () => {
  it.each([
    {
      name: 'choosing a colour selects the first size in stock in that colour',
      wanted: { color: 'blue' },
      expected: 'blue/l',
    },
    { name: 'a colour with nothing in stock selects its first size', wanted: { color: 'green' }, expected: 'green/s' },
    { name: 'changing only the size keeps the colour', wanted: { color: 'red', size: 'm' }, expected: 'red/m' },
    {
      name: 'a size the colour does not have falls back to the colour rule',
      wanted: { color: 'red', size: 'l' },
      expected: 'red/s',
    },
    { name: 'no colour asked: the first available colour by ordering', wanted: {}, expected: 'red/s' },
    { name: 'an unknown colour is treated as none', wanted: { color: 'pink' }, expected: 'red/s' },
  ])('$name', ({ wanted, expected }) => {
    expect(pick(wanted)).toBe(expected);
  });

  it('returns null when no variant can be shown', () => {
    expect(selectVariant([v('red', 's', 1, { probablyPriceSelling: null })], {})).toBeNull();
  });

  it('lists colours by ordering, with availability from summed stock, and moves the first chosen one to the front', () => {
    expect(colorOptions(shirt).map((c) => `${c.slug}:${c.available}`)).toEqual([
      'red:true',
      'blue:true',
      'green:false',
    ]);
    expect(colorOptions(shirt, 'green').map((c) => c.slug)).toEqual(['green', 'red', 'blue']);
  });

  it('lists the sizes of a colour with their stock', () => {
    expect(sizeOptions(shirt, 'blue')).toEqual([
      { slug: 'm', title: 'M', available: false },
      { slug: 'l', title: 'L', available: true },
    ]);
  });

  it('gives a variant without colour the colour slug without-color', () => {
    expect(colorOptions([v(null, 's', 1)])[0]?.slug).toBe('without-color');
    expect(selectVariant([v(null, 's', 0), v(null, 'm', 3)], { color: 'without-color' })?.sizePresentation?.slug).toBe(
      'm',
    );
  });

  it.each([
    ['red', 's', 'TYPE_COLOR_SIZE'],
    ['red', null, 'TYPE_COLOR'],
    [null, 's', 'TYPE_SIZE'],
    [null, null, 'TYPE_WITHOUT_PRESENTATION'],
  ] as const)('colour %s and size %s make %s', (color, size, type) => {
    expect(variantType(v(color, size, 1))).toBe(type);
  });
});
