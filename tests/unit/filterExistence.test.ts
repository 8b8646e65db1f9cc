import { describe, expect, it } from 'vitest';
import { deadFilter, filterVocabulary, unknownFilter } from '../../src/domain/catalog/filterExistence.ts';

const folder = {
  slug: 'odezhda',
  childList: [
    { slug: 'kurtki', childList: [{ slug: 'parki', childList: [] }] },
    { slug: 'bodi', childList: [] },
  ],
};
const vocabulary = filterVocabulary(
  [
    { slug: 'color', filterList: [{ slug: 'belyy' }, { slug: 'rozovyy' }] },
    { slug: 'size', filterList: [{ slug: '92' }] },
    // A topic whose values the config does not list: its values are left to the aggregations.
    { slug: 'promotions', filterList: [] },
  ],
  folder,
);

describe('filter values the category config does not know (issue 25)', () => {
  it('accepts what the config lists, the folder’s sub-categories at any depth, numeric prices and warehouses', () => {
    expect(unknownFilter([], vocabulary)).toBeNull();
    expect(
      unknownFilter(
        [
          { topic: 'color', values: ['belyy', 'rozovyy'] },
          { topic: 'size', values: ['92'] },
          { topic: 'category', values: ['bodi', 'parki'] },
          { topic: 'price', values: ['0', '500'] },
          { topic: 'warehouses', values: ['12', '7'] },
          { topic: 'promotions', values: ['anything'] },
        ],
        vocabulary,
      ),
    ).toBeNull();
  });

  it.each([
    [[{ topic: 'color', values: ['nosuchcolour'] }], { topic: 'color', value: 'nosuchcolour' }],
    [[{ topic: 'color', values: ['belyy', 'x'.repeat(80)] }], { topic: 'color', value: 'x'.repeat(80) }],
    [[{ topic: 'nosuchtopic', values: ['x'] }], { topic: 'nosuchtopic', value: null }],
    // The folder itself and another folder's sub-category are no sub-category of this folder.
    [[{ topic: 'category', values: ['odezhda'] }], { topic: 'category', value: 'odezhda' }],
    [[{ topic: 'category', values: ['kedy'] }], { topic: 'category', value: 'kedy' }],
    [[{ topic: 'price', values: ['0', 'abc'] }], { topic: 'price', value: 'abc' }],
    [[{ topic: 'warehouses', values: ['main'] }], { topic: 'warehouses', value: 'main' }],
    [
      [
        { topic: 'size', values: ['92'] },
        { topic: 'color', values: ['chernyy'] },
      ],
      { topic: 'color', value: 'chernyy' },
    ],
  ])('%j names %j', (filters, missing) => {
    expect(unknownFilter(filters, vocabulary)).toEqual(missing);
  });
});

describe('filter values no product of the category has (issue 25)', () => {
  // Disjunctive counts: each topic's counts apply the other topics' choices but not its own.
  const aggregations = [
    {
      slug: 'color',
      ordering: 1,
      filterList: [
        { slug: 'belyy', count: 4, active: true },
        { slug: 'rozovyy', count: 0, active: false },
      ],
    },
    { slug: 'size', ordering: 2, filterList: [{ slug: '92', count: 4, active: true }] },
  ];

  it('passes values that have products with the other choices', () => {
    const filters = [
      { topic: 'color', values: ['belyy'] },
      { topic: 'size', values: ['92'] },
    ];
    expect(deadFilter({ filters, q: null }, aggregations)).toBeNull();
    expect(deadFilter({ filters: [], q: null }, [])).toBeNull();
  });

  it('names a value counted 0 or not listed, also beside a live value of its topic', () => {
    expect(deadFilter({ filters: [{ topic: 'color', values: ['rozovyy'] }], q: null }, aggregations)).toEqual({
      topic: 'color',
      value: 'rozovyy',
    });
    expect(deadFilter({ filters: [{ topic: 'color', values: ['belyy', 'siniy'] }], q: null }, aggregations)).toEqual({
      topic: 'color',
      value: 'siniy',
    });
    // A topic the aggregations do not list at all: nothing has any of its values.
    expect(deadFilter({ filters: [{ topic: 'season', values: ['zima'] }], q: null }, aggregations)).toEqual({
      topic: 'season',
      value: 'zima',
    });
  });

  it('judges nothing when a price range, a warehouse or search text narrows the counts too', () => {
    const dead = { topic: 'color', values: ['rozovyy'] };
    expect(
      deadFilter({ filters: [dead, { topic: 'price', values: ['100', '200'] }], q: null }, aggregations),
    ).toBeNull();
    expect(deadFilter({ filters: [dead, { topic: 'warehouses', values: ['7'] }], q: null }, aggregations)).toBeNull();
    expect(deadFilter({ filters: [dead], q: 'боди' }, aggregations)).toBeNull();
  });
});
