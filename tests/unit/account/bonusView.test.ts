import { describe, expect, it } from 'vitest';
import type { BonusProfile } from '../../../src/api/schemas/user.ts';
import { historyRows, levelNameFor, memberBonus, queryPage } from '../../../src/domain/account/bonusView.ts';

const profile: BonusProfile = {
  isMember: true,
  activeAmount: 1234.5,
  passiveAmount: 0,
  nextExpenses: [{ changing: -40, date: '2026-12-31', description: 'Сгорание бонусов' }],
  nextIncomes: [{ changing: 75, date: '2026-12-10', description: 'Кешбэк за заказ' }],
  levelName: 'Срібний',
  levelNameRu: 'Серебряный',
  levelDuration: 12,
  rate: 5,
  accumulationAmount: 15000,
  validUntil: '2027-03-01',
  rateRules: [
    { levelName: 'Базовий', levelNameRu: 'Базовый', accumulation: 0, rate: 3 },
    { levelName: 'Срібний', levelNameRu: 'Серебряный', accumulation: 5000, rate: 5 },
    { levelName: 'Золотий', accumulation: 15000, rate: 7 },
  ],
  promoRates: [],
};

describe('bonus view', () => {
  it('names the level in the page language, falling back to the service name', () => {
    expect(levelNameFor(profile, 'ru')).toBe('Серебряный');
    expect(levelNameFor(profile, 'uk')).toBe('Срібний');
    expect(levelNameFor({ levelName: 'Золотий', levelNameRu: '' }, 'ru')).toBe('Золотий');
  });

  it('formats amounts with spaces, dates as DD.MM.YYYY, marks the current level', () => {
    const view = memberBonus(profile, 'ru');
    expect(view.active).toBe('1 234,50 грн');
    expect(view.accumulation).toBe('15 000 грн');
    expect(view.validUntil).toBe('01.03.2027');
    expect(view.nextExpenses).toEqual([{ date: '31.12.2026', amount: '40 грн', description: 'Сгорание бонусов' }]);
    expect(view.levels.map((l) => [l.name, l.current])).toEqual([
      ['Базовый', false],
      ['Серебряный', true],
      ['Золотий', false],
    ]);
    expect(memberBonus({ ...profile, validUntil: null }, 'uk').validUntil).toBe('');
  });

  it('signs history amounts', () => {
    const rows = historyRows(
      {
        total: 2,
        items: [
          { id: 1, createdAt: '2026-11-01T10:00:00.000Z', amount: 50, description: 'x', orderNumber: null },
          { id: 2, createdAt: '2026-11-02T22:30:00.000Z', amount: -1200, description: 'y', orderNumber: '100234' },
        ],
      },
      'uk',
    );
    expect(rows.map((r) => [r.date, r.amount, r.income])).toEqual([
      ['01.11.2026', '+50 грн', true],
      // 22:30 UTC is already the 3rd in Kyiv.
      ['03.11.2026', '-1 200 грн', false],
    ]);
  });

  it('reads ?page= strictly', () => {
    expect(queryPage(null)).toBe(1);
    expect(queryPage('3')).toBe(3);
    for (const bad of ['0', '-1', '01', '1.5', 'abc', '', '9999999']) expect(queryPage(bad)).toBeNull();
  });
});
