import { describe, expect, it } from 'vitest';
import {
  mergeViewed,
  parseViewed,
  parseViewedIds,
  recordViewed,
  VIEWED_LIMIT,
} from '../../src/domain/catalog/viewedItems.ts';

describe('recently viewed (spec §9: at most 12)', () => {
  it('puts the latest first, once, and keeps twelve', () => {
    const many = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(recordViewed([3, 2, 1], 2)).toEqual([2, 3, 1]);
    expect(recordViewed(many, 99)).toEqual([99, ...many.slice(0, 11)]);
    expect(recordViewed(many, 99)).toHaveLength(VIEWED_LIMIT);
  });

  it('reads what storage holds leniently', () => {
    expect(parseViewed(null)).toEqual([]);
    expect(parseViewed('not json')).toEqual([]);
    expect(parseViewed('{"a":1}')).toEqual([]);
    expect(parseViewed('[5, "6", -1, 0, 1.5, 5, 7]')).toEqual([5, 7]);
  });

  it('merges the anonymous list first at sign-in', () => {
    expect(mergeViewed([1, 2, 3], [4, 2])).toEqual([4, 2, 1, 3]);
  });

  it('takes only a short list of distinct ids for the fragment', () => {
    expect(parseViewedIds('3,1,2')).toEqual([3, 1, 2]);
    for (const bad of [
      null,
      '',
      '1,,2',
      '1,1',
      'a',
      '0',
      '01',
      '1;2',
      Array.from({ length: 13 }, (_, i) => i + 1).join(','),
    ]) {
      expect(parseViewedIds(bad), String(bad)).toBeNull();
    }
  });
});
