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
      name: 'description kept for a filter path (one value of up to 3 topics)',
      page: 1,
      sort: null,
      filters: [
        { topic: 'color', values: ['belyy'] },
        { topic: 'season', values: ['leto'] },
      ],
      expected: { banner: true, description: true },
    },
    {
      name: 'description skipped when a topic has several values (no filter path, spec §2)',
      page: 1,
      sort: null,
      filters: [{ topic: 'color', values: ['belyy', 'seryy'] }],
      expected: { banner: true, description: false },
    },
    {
      name: 'description skipped with more than 3 filter groups',
      page: 1,
      sort: null,
      filters: ['brand', 'color', 'gender', 'season'].map((topic) => ({ topic, values: ['x'] })),
      expected: { banner: true, description: false },
    },
  ])('$name', ({ page, sort, filters, expected }) => {
    expect(catalogContentRules({ page, sort, filters })).toEqual(expected);
  });
});
