import { describe, expect, it } from 'vitest';
import { createQuickAnswers, quickKey } from '../../src/services/search/quickAnswers.ts';
import { PositionLookup } from '../../src/services/search/searchIndex.ts';

/** Issue 30: the quick search's answer cache and the index's id → position lookup. */
describe('quick answers', () => {
  it('keeps an answer for its lifetime, then makes it again', () => {
    let now = 0;
    const answers = createQuickAnswers(30_000, 10, () => now);
    let made = 0;
    const make = () => String(++made);
    expect(answers.get('/p?title=ко', 1, make)).toBe('1');
    now = 29_999;
    expect(answers.get('/p?title=ко', 1, make)).toBe('1');
    now = 30_000;
    expect(answers.get('/p?title=ко', 1, make)).toBe('2');
  });

  it('drops every answer when the index changes', () => {
    const answers = createQuickAnswers(30_000, 10, () => 0);
    let made = 0;
    const make = () => String(++made);
    answers.get('a', 1, make);
    answers.get('b', 1, make);
    expect(answers.get('a', 2, make)).toBe('3');
    expect(answers.get('b', 2, make)).toBe('4');
  });

  it('keeps at most its number of answers, the oldest leaving first', () => {
    const answers = createQuickAnswers(30_000, 2, () => 0);
    let made = 0;
    const make = () => String(++made);
    answers.get('a', 1, make);
    answers.get('b', 1, make);
    answers.get('c', 1, make);
    expect(answers.get('b', 1, make)).toBe('2');
    expect(answers.get('a', 1, make)).toBe('4');
  });

  it('keys a request by its path and parameters in any order (prefix and locale included)', () => {
    expect(quickKey('http://s/public/products?title=%D0%BA%D0%BE&locale=uk&quick=1')).toBe(
      quickKey('http://s/public/products?quick=1&locale=uk&title=%D0%BA%D0%BE'),
    );
    expect(quickKey('http://s/public/products?title=ко&locale=uk')).not.toBe(
      quickKey('http://s/public/products?title=ко&locale=ru'),
    );
  });
});

describe('PositionLookup', () => {
  it('finds the position of near-dense ids and nothing for others', () => {
    const lookup = new PositionLookup(Int32Array.from([100001, 100002, 100004]));
    expect([100001, 100002, 100003, 100004, 99999, 100005].map((id) => lookup.get(id))).toEqual([
      0,
      1,
      undefined,
      2,
      undefined,
      undefined,
    ]);
  });

  it('finds sparse ids too (no table: a binary search)', () => {
    const ids = Int32Array.from([3, 1_000_000, 2_000_000_000]);
    const lookup = new PositionLookup(ids);
    expect(lookup.table.length).toBe(0);
    expect([3, 1_000_000, 2_000_000_000, 4, 0].map((id) => lookup.get(id))).toEqual([0, 1, 2, undefined, undefined]);
  });

  it('answers nothing in an empty catalogue', () => {
    expect(new PositionLookup(new Int32Array(0)).get(1)).toBeUndefined();
  });
});
