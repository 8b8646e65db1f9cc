import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/api/schemas/common.ts';
import {
  bonusInput,
  bonusRefusal,
  settledBonuses,
  usableBonuses,
  type BonusRefusal,
} from '../../src/domain/checkout/bonusPayment.ts';
import { bonusRefusalMessage } from '../../src/domain/checkout/checkoutValidation.ts';
import { bonusMaxPayment } from '../../src/services/order/basketCheck.ts';
import { formatHryvnias } from '../../src/services/order/basketMessages.ts';
import { orderMessages } from '../../src/services/order/orderMessages.ts';

/**
 * Paying with bonus points (issue 11; docs/decisions.md "Accounts: paying with bonuses"): the
 * goods' limit the basket check answers, what the checkout lets a member spend, how it takes what
 * is typed, and that the form words each refusal as the order service does.
 */

describe('the goods’ limit (the basket check’s bonusMaxPayment)', () => {
  it.each<[string, { cost: number; percent: number | null }[], number, number]>([
    ['one line at 30 %', [{ cost: 1000, percent: 30 }], 1000, 300],
    [
      'lines add up, rounded down once on the sum',
      [
        { cost: 2501, percent: 30 },
        { cost: 299, percent: 50 },
      ],
      2800,
      899,
    ],
    [
      'a line at 0 % adds nothing (spec §5)',
      [
        { cost: 800, percent: 0 },
        { cost: 100, percent: 50 },
      ],
      900,
      50,
    ],
    ['a variant without a percent allows none', [{ cost: 800, percent: null }], 800, 0],
    ['a percent above 100 counts as 100', [{ cost: 400, percent: 150 }], 400, 400],
    ['a negative percent counts as 0', [{ cost: 400, percent: -20 }], 400, 0],
    ['never more than is left to pay after codes and certificates', [{ cost: 1000, percent: 50 }], 120.5, 120],
    ['nothing left to pay: nothing', [{ cost: 1000, percent: 50 }], 0, 0],
    [
      'kopecks of a line count before the rounding',
      [
        { cost: 33.33, percent: 30 },
        { cost: 33.33, percent: 30 },
      ],
      66.66,
      19,
    ],
    ['no lines', [], 0, 0],
  ])('%s', (_name, lines, payable, max) => {
    expect(bonusMaxPayment(lines, payable)).toBe(max);
  });

  it('is a whole number, never above what is left to pay nor above the lines at 100 %', () => {
    const line = fc.record({
      cost: fc.integer({ min: 0, max: 10_000_000 }).map((kop) => kop / 100),
      percent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.integer({ min: 0, max: 100_000_000 }), (lines, payableKop) => {
        const payable = payableKop / 100;
        const max = bonusMaxPayment(lines, payable);
        const goods = lines.reduce((sum, l) => sum + l.cost, 0);
        expect(Number.isSafeInteger(max) && max >= 0).toBe(true);
        expect(max).toBeLessThanOrEqual(payable);
        expect(max).toBeLessThanOrEqual(goods + 1e-6);
      }),
    );
  });
});

describe('what a member may spend at checkout', () => {
  it.each<[number | null, number, number]>([
    [50, 200, 50],
    [367.1, 200, 200],
    [42.6, 100, 42],
    [50, 0, 0],
    [null, 500, 0],
    [0, 500, 0],
    [-10, 500, 0],
    [Number.NaN, 500, 0],
  ])('balance %s, goods’ limit %s: %s', (balance, max, usable) => {
    expect(usableBonuses(balance, max)).toBe(usable);
  });

  it.each<[string, number, number, { value: number; note: 'whole' | 'clamped' | null }]>([
    ['30', 0, 50, { value: 30, note: null }],
    [' 1 200 ', 0, 5000, { value: 1200, note: null }],
    ['', 30, 50, { value: 0, note: null }],
    ['0', 30, 50, { value: 0, note: null }],
    ['60', 0, 50, { value: 50, note: 'clamped' }],
    ['12.5', 10, 50, { value: 10, note: 'whole' }],
    ['12,5', 10, 50, { value: 10, note: 'whole' }],
    ['-5', 10, 50, { value: 10, note: 'whole' }],
    ['abc', 40, 30, { value: 30, note: 'whole' }],
    ['9999999999', 0, 50, { value: 0, note: 'whole' }],
  ])('typing %j (had %s, may spend %s)', (text, previous, usable, expected) => {
    expect(bonusInput(text, previous, usable)).toEqual(expected);
  });

  it('whatever is typed, the amount is a whole number within what may be spent', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(1000), fc.nat(1000), (text, previous, usable) => {
        const { value } = bonusInput(text, previous, usable);
        expect(Number.isSafeInteger(value) && value >= 0 && value <= usable).toBe(true);
      }),
    );
  });

  it.each<[number, number, number]>([
    [30, 50, 30],
    [80, 50, 50],
    [30, 0, 0],
    [-3, 50, 0],
    [2.5, 50, 0],
  ])('an amount of %s when %s may be spent settles at %s', (used, usable, settled) => {
    expect(settledBonuses(used, usable)).toBe(settled);
  });
});

describe('refusals, judged in the order service’s order and in its words', () => {
  const member = { signedIn: true, activeAmount: 50 };
  it.each<[string, number, { signedIn: boolean; activeAmount: number | null }, number, BonusRefusal | null]>([
    ['nothing to spend', 0, { signedIn: false, activeAmount: null }, 0, null],
    ['within both limits', 50, member, 200, null],
    ['a fraction', 1.5, member, 200, { kind: 'whole' }],
    ['a negative amount', -1, member, 200, { kind: 'whole' }],
    ['signed out', 10, { signedIn: false, activeAmount: null }, 200, { kind: 'needAccount' }],
    ['goods at 0 %', 10, member, 0, { kind: 'notAllowed' }],
    ['over the goods’ limit, before the balance', 201, member, 200, { kind: 'overMax', max: 200 }],
    ['not a member', 10, { signedIn: true, activeAmount: null }, 200, { kind: 'needMember' }],
    ['over the balance', 51, member, 200, { kind: 'short', available: 50 }],
  ])('%s', (_name, used, shopper, max, refusal) => {
    expect(bonusRefusal(used, shopper, max)).toEqual(refusal);
  });

  it.each<Locale>(['ru', 'uk'])('the form’s words are the order service’s (%s)', (locale) => {
    const service = orderMessages(locale);
    expect(bonusRefusalMessage({ kind: 'needAccount' }, locale)).toBe(service.bonusesNeedAccount);
    expect(bonusRefusalMessage({ kind: 'needMember' }, locale)).toBe(service.bonusesNeedMember);
    expect(bonusRefusalMessage({ kind: 'notAllowed' }, locale)).toBe(service.bonusesNotAllowed);
    expect(bonusRefusalMessage({ kind: 'overMax', max: 1200 }, locale)).toBe(
      service.bonusesOverMax(formatHryvnias(1200)),
    );
    expect(bonusRefusalMessage({ kind: 'short', available: 1200 }, locale)).toBe(
      service.bonusesShort(formatHryvnias(1200)),
    );
  });
});
