import { describe, expect, it } from 'vitest';
import { productTitle } from '../../src/domain/catalog/productTitle.ts';

describe('product title: the HTML quote entity becomes an apostrophe', () => {
  it.each([
    ['Боди Mother&#039;s Joy', "Боди Mother's Joy"],
    ['A&#39;B&apos;C&#x27;D', "A'B'C'D"],
    ['Без кавычек', 'Без кавычек'],
    ['Tom &amp; Jerry', 'Tom &amp; Jerry'],
  ])('%s → %s', (raw, shown) => {
    expect(productTitle(raw)).toBe(shown);
  });
});
