import { describe, expect, it } from 'vitest';
import { catalogContentRules } from '../../src/domain/catalog/catalogContent.ts';

describe('catalogue banner and description (spec §5)', () => {
  it.each([
    {
      name: 'shown on page 1 without a sort',
      page: 1,
      sort: null,
      filters: [],
      expected: { banner: true, description: true },
    },
    { name: 'skipped on page 2', page: 2, sort: null, filters: [], expected: { banner: false, description: false } },
    {
      name: 'skipped with a sort',
      page: 1,
      sort: { field: 'price', desc: false },
      filters: [],
      expected: { banner: false, description: false },
    },
    {
      name: 'description kept with one chosen category',
      page: 1,
      sort: null,
      filters: [{ topic: 'category', values: ['bodi'] }],
      expected: { banner: true, description: true },
    },
    {
      name: 'description skipped with two chosen categories',
      page: 1,
      sort: null,
      filters: [{ topic: 'category', values: ['bodi', 'futbolki'] }],
      expected: { banner: true, description: false },
    },
    {
      name: 'other filters do not count as categories',
      page: 1,
      sort: null,
      filters: [{ topic: 'color', values: ['belyy', 'seryy'] }],
      expected: { banner: true, description: true },
    },
  ])('$name', ({ page, sort, filters, expected }) => {
    expect(catalogContentRules({ page, sort, filters })).toEqual(expected);
  });
});
