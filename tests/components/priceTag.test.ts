import { describe, expect, it } from 'vitest';
import PriceTag from '../../src/components/catalog/PriceTag.astro';
import { renderView } from './renderView.ts';

const price = { final: 2169, old: 2400, discount: 10 };

describe('PriceTag.astro «від» (issue 29)', () => {
  it('says «від» before the lowest price of variants that differ in price', async () => {
    const { body } = await renderView(PriceTag, { price, from: true }, 'http://127.0.0.1/ua/odezhda');
    expect(body.querySelector('strong')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('від 2 169 грн');
  });

  it('says «от» on a Russian page', async () => {
    const { body } = await renderView(PriceTag, { price, from: true });
    expect(body.querySelector('strong')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('от 2 169 грн');
  });

  it('says nothing before a single price', async () => {
    const { body } = await renderView(PriceTag, { price }, 'http://127.0.0.1/ua/odezhda');
    expect(body.querySelector('strong')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('2 169 грн');
  });
});
