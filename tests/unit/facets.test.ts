import { describe, expect, it } from 'vitest';
import { buildFacets, toggleFilter, translator } from '../../src/domain/catalog/facets.ts';

describe('toggling a filter value', () => {
  it.each([
    {
      name: 'adds a new topic at the end',
      sel: [{ topic: 'color', values: ['red'] }],
      t: 'size',
      v: '92',
      expected: [
        { topic: 'color', values: ['red'] },
        { topic: 'size', values: ['92'] },
      ],
    },
    {
      name: 'adds a value to its topic',
      sel: [{ topic: 'color', values: ['red'] }],
      t: 'color',
      v: 'blue',
      expected: [{ topic: 'color', values: ['red', 'blue'] }],
    },
    {
      name: 'removes a chosen value',
      sel: [{ topic: 'color', values: ['red', 'blue'] }],
      t: 'color',
      v: 'red',
      expected: [{ topic: 'color', values: ['blue'] }],
    },
    {
      name: 'drops a topic left empty',
      sel: [
        { topic: 'color', values: ['red'] },
        { topic: 'size', values: ['92'] },
      ],
      t: 'color',
      v: 'red',
      expected: [{ topic: 'size', values: ['92'] }],
    },
  ])('$name', ({ sel, t, v, expected }) => {
    const before = structuredClone(sel);
    expect(toggleFilter(sel, t, v)).toEqual(expected);
    expect(sel).toEqual(before);
  });
});

describe('filter panel', () => {
  const titles = translator(
    [
      { slug: 'color', topic: null, title: 'Цвет', titleUkr: 'Колір' },
      { slug: 'red', topic: 'color', title: 'Красный', titleUkr: 'Червоний' },
      { slug: 'size', topic: null, title: 'Размер', titleUkr: 'Розмір' },
    ],
    'uk',
  );
  const aggr = [
    {
      slug: 'size',
      ordering: 1,
      filterList: [
        { slug: '92', count: 3 },
        { slug: '98', count: 0 },
      ],
    },
    { slug: 'category', ordering: 0, filterList: [{ slug: 'bodi', count: 9 }] },
    {
      slug: 'color',
      ordering: 2,
      filterList: [
        { slug: 'red', count: 0 },
        { slug: 'blue', count: 4 },
      ],
    },
  ];

  it('follows the category topic order, hides special topics and empty values, keeps chosen ones', () => {
    const facets = buildFacets(aggr, ['color', 'size'], [{ topic: 'color', values: ['red'] }], titles);
    expect(facets.map((f) => f.slug)).toEqual(['color', 'size']);
    expect(facets[0]?.title).toBe('Колір');
    expect(facets[0]?.values.map((v) => [v.slug, v.title, v.active])).toEqual([
      ['red', 'Червоний', true],
      ['blue', 'blue', false],
    ]);
    expect(facets[1]?.values.map((v) => v.slug)).toEqual(['92']);
    expect(facets[0]?.values[0]?.next).toEqual([]);
    expect(facets[1]?.values[0]?.next).toEqual([
      { topic: 'color', values: ['red'] },
      { topic: 'size', values: ['92'] },
    ]);
  });
});
