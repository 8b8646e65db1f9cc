import { describe, expect, it } from 'vitest';
import { historyRows, memberBonus } from '../../src/domain/account/bonusView.ts';
import { timeZoneOf } from '../../src/domain/format/timeZone.ts';
import type { BonusProfile } from '../../src/api/schemas/user.ts';

/** Dates on personal pages in the shopper's zone, falling back to Kyiv (spec: dates DD.MM.YYYY). */
describe('the time zone a browser names', () => {
  it.each(['Europe/Kyiv', 'America/New_York', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3'])(
    '%s is taken',
    (zone) => {
      expect(timeZoneOf(zone)).toBe(zone);
    },
  );

  it.each([undefined, null, '', '../etc', 'Europe/Kyiv; path=/', '<script>', `Europe/${'x'.repeat(70)}`, 'A/B/C/D'])(
    '%j is not (Kyiv then)',
    (value) => {
      expect(timeZoneOf(value)).toBeNull();
    },
  );
});

describe('personal dates follow the zone', () => {
  // 23:30 UTC on 26 November: 27 November in Kyiv (UTC+2), still the 26th in New York.
  const late = '2026-11-26T23:30:00.000Z';

  it('bonus history rows', () => {
    const history = {
      items: [{ id: 1, createdAt: late, amount: 50, description: 'purchase', orderNumber: '1' }],
      total: 1,
    };
    expect(historyRows(history, 'ru').map((row) => row.date)).toEqual(['27.11.2026']);
    expect(historyRows(history, 'ru', 'America/New_York').map((row) => row.date)).toEqual(['26.11.2026']);
  });

  it("a member's dates, the level's end among them", () => {
    const profile: BonusProfile = {
      isMember: true,
      activeAmount: 0,
      passiveAmount: 0,
      nextExpenses: [],
      nextIncomes: [{ changing: 10, date: late, description: 'purchase' }],
      levelName: 'Silver',
      levelNameRu: 'Серебро',
      levelDuration: 12,
      rate: 5,
      accumulationAmount: 0,
      validUntil: late,
      rateRules: [],
      promoRates: [],
    };
    const kyiv = memberBonus(profile, 'uk');
    const newYork = memberBonus(profile, 'uk', 'America/New_York');
    expect([kyiv.validUntil, kyiv.nextIncomes[0]?.date]).toEqual(['27.11.2026', '27.11.2026']);
    expect([newYork.validUntil, newYork.nextIncomes[0]?.date]).toEqual(['26.11.2026', '26.11.2026']);
  });
});
