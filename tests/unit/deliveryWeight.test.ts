import { describe, expect, it } from 'vitest';
import { deliveryWeight } from '../../src/domain/delivery/weight.ts';

describe('deliveryWeight: the larger of weight and capacity divided by 4000', () => {
  it.each([
    ['volume wins', 1, 8000, 2],
    ['weight wins', 3, 4000, 3],
    ['equal', 0.5, 2000, 0.5],
    ['light bulky parcel', 0.2, 10000, 2.5],
    ['heavy small parcel', 12, 100, 12],
    ['nothing known', 0, 0, 0],
  ])('%s: weight %d, capacity %d -> %d', (_label, weight, capacity, expected) => {
    expect(deliveryWeight({ weight, capacity })).toBe(expected);
  });

  it.each([
    ['null weight', null, 6000, 1.5],
    ['undefined capacity', 2, undefined, 2],
    ['both missing', null, null, 0],
    ['NaN weight', Number.NaN, 4000, 1],
    ['negative weight', -5, 4000, 1],
    ['negative capacity', 2, -40000, 2],
    ['infinite weight', Number.POSITIVE_INFINITY, 4000, 1],
  ])('treats %s as 0', (_label, weight, capacity, expected) => {
    expect(deliveryWeight({ weight, capacity })).toBe(expected);
  });
});
