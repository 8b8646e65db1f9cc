import { describe, expect, it } from 'vitest';
import { storedUnitCount } from '../../src/domain/basket/basketCount.ts';

const line = (count: unknown, extra: Record<string, unknown> = {}) => ({
  itemType: 'price',
  count,
  errorCode: 0,
  ...extra,
});

describe('the header count of a stored basket', () => {
  it.each([
    {
      name: 'sums the units of the bought lines',
      items: [line(2), line(3, { itemType: 'subscription' })],
      expected: 5,
    },
    { name: 'leaves gifts out', items: [line(1), line(1, { itemType: 'gift' })], expected: 1 },
    { name: 'leaves lines with an error code out', items: [line(4), line(2, { errorCode: 1 })], expected: 4 },
    {
      name: 'ignores counts that are not whole positive numbers',
      items: [line(-1), line(1.5), line('2'), line(1)],
      expected: 1,
    },
    { name: 'ignores entries that are not objects', items: [null, 3, 'x', line(2)], expected: 2 },
  ])('$name', ({ items, expected }) => {
    expect(storedUnitCount(JSON.stringify({ version: 1, items }))).toBe(expected);
  });

  it.each([null, '', 'not json', '[]', '{"items":{}}', 'null'])('an unreadable basket (%s) counts 0', (raw) => {
    expect(storedUnitCount(raw)).toBe(0);
  });
});
