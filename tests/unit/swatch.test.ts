import { describe, expect, it } from 'vitest';
import { swatchStops } from '../../src/domain/product/swatch.ts';

describe('colour swatch stops', () => {
  it.each([
    ['#ff0000', [{ color: '#ff0000', offset: 0 }]],
    [
      'linear-gradient(135deg, #f44336 0%, #ffeb3b 35%, #2196f3 100%)',
      [
        { color: '#f44336', offset: 0 },
        { color: '#ffeb3b', offset: 35 },
        { color: '#2196f3', offset: 100 },
      ],
    ],
    [
      'linear-gradient(90deg, #fff, #000)',
      [
        { color: '#fff', offset: 0 },
        { color: '#000', offset: 100 },
      ],
    ],
    ['rgb(10, 20, 30)', [{ color: 'rgb(10, 20, 30)', offset: 0 }]],
    ['url(javascript:alert(1))', []],
    [null, []],
  ])('%s', (css, stops) => {
    expect(swatchStops(css)).toEqual(stops);
  });
});
