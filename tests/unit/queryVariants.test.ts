import { describe, expect, it } from 'vitest';
import {
  cyrillicToLatin,
  editDistance,
  fold,
  keyMatches,
  latinToCyrillic,
  layoutSwaps,
  queryKeys,
  typosAllowed,
  wordKeys,
} from '../../src/services/search/queryVariants.ts';

/** The first reading (the Ukrainian one for Latin keys), or null. */
const layoutSwap = (word: string): string | null => layoutSwaps(word)[0] ?? null;

describe('how people type a search', () => {
  it('swaps the keyboard layout both ways', () => {
    expect(layoutSwap('ktuj')).toBe('лего');
    expect(layoutSwap('сршссщ')).toBe('chicco');
    expect(layoutSwap('іграшка')).not.toBeNull();
    expect(layoutSwap('lego123')).toBeNull();
  });

  // Issue 29: every key of both layouts, the punctuation keys that type б ж х ю э є ї ё ґ too.
  it.each([
    ['rjv,sytpjy', 'комбінезон', 'комбынезон'],
    ['gs;fvf', 'піжама', 'пыжама'],
    [',jls', 'боді', 'боды'],
    ['[jkjlbkmybr', 'холодильник', 'холодильник'],
    ["'rj", 'єко', 'эко'],
    ['ujhijr', 'горшок', 'горшок'],
    ['ekmnhf.', 'ультраю', 'ультраю'],
    ['ghbdsn', 'привіт', 'привыт'],
    ['gj]pl', 'поїзд', 'поъзд'],
    ['v`znf', "м'ята", 'мёята'],
    ['\\fyjr', 'ґанок', null],
    ['{jkjl', 'холод', 'холод'],
  ])('%s is %s on the Ukrainian layout and %s on the Russian one', (typed, uk, ru) => {
    const readings = layoutSwaps(typed);
    expect(readings[0]).toBe(uk);
    if (ru === null) expect(readings).toHaveLength(1);
    else expect(readings).toContain(ru);
  });

  it('reads every Cyrillic letter back to its key', () => {
    expect(layoutSwap('ищвш')).toBe('bodi');
    expect(layoutSwap('ґанок')).toBe('\\fyjr');
    expect(layoutSwap('їжак')).toBe('];fr');
    expect(layoutSwap('єдиноріг')).toBe("'lbyjhsu");
  });

  it('transliterates brands both ways', () => {
    expect(latinToCyrillic('lego')).toBe('лего');
    expect(latinToCyrillic('chicco')).toBe('чикко');
    expect(latinToCyrillic('shchetka')).toBe('щетка');
    expect(cyrillicToLatin('лего')).toBe('lego');
    expect(cyrillicToLatin('рейма')).toBe('reyma');
  });

  it('folds Russian and Ukrainian spellings and doubled letters together', () => {
    expect(fold('іграшка')).toBe(fold('играшка'));
    expect(fold('чикко')).toBe('чико');
    expect(fold('рейма')).toBe(fold(latinToCyrillic('reima')));
    expect(fold('м’яч')).toBe('мяч');
  });

  it('gives a term its keys in both scripts, and a typed word the other layout’s too', () => {
    expect(wordKeys('lego')).toEqual(['lego', 'лего']);
    expect(queryKeys('ktuj')).toContain('лего');
    expect(queryKeys('лего')).toContain('lego');
  });

  it('forgives typos only in longer words', () => {
    expect([3, 4, 5, 7, 8, 12].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(editDistance('каляска', 'коляска', 2)).toBe(1);
    expect(editDistance('коялска', 'коляска', 2)).toBe(1);
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3);
  });

  it.each([
    ['коляс', 'коляска', true],
    ['каляска', 'коляска', true],
    // Two slips in six letters is another word as often as not.
    ['калска', 'коляска', false],
    ['прогуоянкова', 'прогулянкова', true],
    ['кот', 'код', false],
    ['боди', 'бодик', true],
    ['ботин', 'боди', false],
    ['xyzxyz', 'lego', false],
    ['щ', 'щетка', false],
  ])('%s matches the term %s: %s', (typed, term, matches) => {
    expect(keyMatches(typed, term, typosAllowed(typed.length))).toBe(matches);
  });
});
