import { describe, expect, it } from 'vitest';
import { queryUnits, stem } from '../../src/services/search/queryUnits.ts';
import { fold } from '../../src/services/search/queryVariants.ts';

const texts = (query: string) => queryUnits(query).map((unit) => unit.text);

describe('what a typed search is made of (issue 29)', () => {
  it('splits words, leaves little words out unless nothing else was typed', () => {
    expect(texts('Боди для девочки')).toEqual(['боди', 'девочки']);
    expect(texts('комбинезон,зима')).toEqual(['комбинезон', 'зима']);
    expect(texts('для')).toEqual(['для']);
  });

  it('keeps a chunk typed on the Latin layout whole, with its readings', () => {
    const [unit] = queryUnits('rjv,sytpjy');
    expect(unit).toMatchObject({ text: 'rjv,sytpjy', words: ['rjv', 'sytpjy'] });
    expect(unit?.swaps).toContain('комбінезон');
    expect(queryUnits(',jls')[0]?.swaps).toContain('боді');
  });

  it('reads numbers as sizes, heights, weights and ages', () => {
    expect(queryUnits('pampers 4')[1]?.number).toEqual({ value: 4, measure: { kind: 'any' } });
    expect(queryUnits('куртка 128см')[1]).toMatchObject({
      text: '128 см',
      number: { value: 128, measure: { kind: 'cm' } },
    });
    expect(queryUnits('підгузки 9 кг')[1]?.number).toEqual({ value: 9, measure: { kind: 'kg' } });
    expect(queryUnits('комбинезон на 1 год')[1]?.number).toEqual({ value: 1, measure: { kind: 'months', factor: 12 } });
    expect(queryUnits('боді 6 місяців')[1]?.number).toEqual({ value: 6, measure: { kind: 'months', factor: 1 } });
    expect(texts('размер 80 боди')).toEqual(['80', 'боди']);
  });

  it.each([
    ['зимняя', 'зимний'],
    ['рожеві', 'рожевий'],
    ['тёплый', 'теплий'],
    ['комбінезони', 'комбинезоны'],
  ])('%s and %s share a stem', (a, b) => {
    expect(stem(fold(a))).toBe(stem(fold(b)));
  });
});
