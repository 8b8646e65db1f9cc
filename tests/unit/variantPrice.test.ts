import { describe, expect, it } from 'vitest';
import {
  bonusCount,
  isOwnImport,
  ownImportCashback,
  subscriptionPrice,
  variantPrice,
  type PriceProduct,
  type PriceVariant,
} from '../../src/domain/product/variantPrice.ts';

const variant = (extra: Partial<PriceVariant> = {}): PriceVariant => ({
  probablyPriceRecommended: 1000,
  probablyPriceSelling: 800,
  probablyPriceSubscriptionDiscount: null,
  bonusAccrualRate: 3,
  ...extra,
});
const product = (extra: Partial<PriceProduct> = {}): PriceProduct => ({
  allowSubscription: false,
  filterList: [{ topic: 'season', slug: 'leto' }],
  ...extra,
});

describe('bonus points for a purchase (spec §9)', () => {
  it.each([
    { name: 'the selling price times the accrual rate in percent', selling: 800, rate: 3, expected: 24 },
    { name: 'rounds half up', selling: 250, rate: 1, expected: 3 },
    { name: 'rounds down below a half', selling: 249, rate: 1, expected: 2 },
    { name: 'takes the default rate of 1 % when the variant has none', selling: 800, rate: null, expected: 8 },
    { name: 'a zero rate earns nothing', selling: 800, rate: 0, expected: 0 },
    { name: 'a zero price earns nothing', selling: 0, rate: 5, expected: 0 },
  ])('$name', ({ selling, rate, expected }) => {
    expect(bonusCount(selling, rate)).toBe(expected);
  });
});

describe('subscription price (spec §5)', () => {
  it.each([
    { name: 'is shown when the item allows subscription and it is lower', allow: true, sub: 700, expected: 700 },
    { name: 'is hidden when the item does not allow subscription', allow: false, sub: 700, expected: null },
    { name: 'is hidden when it equals the selling price', allow: true, sub: 800, expected: null },
    { name: 'is hidden when it is higher than the selling price', allow: true, sub: 900, expected: null },
    { name: 'is hidden when there is none', allow: true, sub: null, expected: null },
    { name: 'is hidden when it is zero', allow: true, sub: 0, expected: null },
  ])('$name', ({ allow, sub, expected }) => {
    expect(subscriptionPrice(allow, 800, sub)).toBe(expected);
  });
});

describe('own-import cashback (spec §3, §9)', () => {
  it.each([
    { name: 'a product with the filter slug own-import is own import', filters: ['own-import'], expected: true },
    { name: 'any topic carrying the slug counts', filters: ['leto', 'own-import'], expected: true },
    { name: 'a product without it is not', filters: ['leto'], expected: false },
    { name: 'a product without filters is not', filters: [], expected: false },
  ])('$name', ({ filters, expected }) => {
    expect(isOwnImport({ filterList: filters.map((slug) => ({ topic: slug, slug })) })).toBe(expected);
  });

  it.each([
    [800, 400],
    [299, 150],
    [1, 1],
    [0, 0],
  ])('is 50 %% of the price %d, rounded: %d', (selling, expected) => {
    expect(ownImportCashback(selling)).toBe(expected);
  });
});

describe('the price block of the chosen variant', () => {
  it.each([
    {
      name: 'shows price, discount percent and bonus points for an ordinary product',
      product: product(),
      variant: variant(),
      expected: {
        final: 800,
        old: 1000,
        discount: 20,
        reward: { kind: 'bonus', amount: 24 },
        subscription: null,
      },
    },
    {
      name: 'shows the 50 % cashback instead of bonus points for own-import goods',
      product: product({ filterList: [{ topic: 'own-import', slug: 'own-import' }] }),
      variant: variant(),
      expected: {
        final: 800,
        old: 1000,
        discount: 20,
        reward: { kind: 'cashback', percent: 50, amount: 400 },
        subscription: null,
      },
    },
    {
      name: 'shows the subscription price only for items that allow it',
      product: product({ allowSubscription: true }),
      variant: variant({ probablyPriceSubscriptionDiscount: 720 }),
      expected: {
        final: 800,
        old: 1000,
        discount: 20,
        reward: { kind: 'bonus', amount: 24 },
        subscription: { price: 720, reward: { kind: 'bonus', amount: 22 } },
      },
    },
    {
      name: 'no discount when the selling price is the recommended one',
      product: product(),
      variant: variant({ probablyPriceRecommended: 800, bonusAccrualRate: null }),
      expected: {
        final: 800,
        old: null,
        discount: 0,
        reward: { kind: 'bonus', amount: 8 },
        subscription: null,
      },
    },
    {
      name: 'no reward line when nothing is earned',
      product: product(),
      variant: variant({ bonusAccrualRate: 0 }),
      expected: { final: 800, old: 1000, discount: 20, reward: null, subscription: null },
    },
    {
      name: 'a selling price above the recommended one: the recommended price is final, no discount',
      product: product(),
      variant: variant({ probablyPriceSelling: 1200 }),
      expected: { final: 1000, old: null, discount: 0, reward: { kind: 'bonus', amount: 30 }, subscription: null },
    },
  ])('$name', ({ product: p, variant: v, expected }) => {
    expect(variantPrice(p, v)).toEqual(expected);
  });
});

describe('decisions pinned (docs/decisions.md)', () => {
  it('the bonus is round(price × rate / 100), not the literal "rounded rate × price"', () => {
    // 1 000 грн at rate 5: 50 points; the literal reading would pay 5 000 points (500 %).
    expect(bonusCount(1000, 5)).toBe(50);
  });
  it('the bonus of a subscription purchase is counted on the subscription price', () => {
    const price = variantPrice(
      product({ allowSubscription: true }),
      variant({ probablyPriceSubscriptionDiscount: 500 }),
    );
    expect(price.subscription).toEqual({ price: 500, reward: { kind: 'bonus', amount: 15 } });
  });
  it('own-import goods show the 50 % cashback instead of the bonus line, never both', () => {
    const price = variantPrice(product({ filterList: [{ topic: 'import', slug: 'own-import' }] }), variant());
    expect(price.reward).toEqual({ kind: 'cashback', percent: 50, amount: 400 });
  });
});
