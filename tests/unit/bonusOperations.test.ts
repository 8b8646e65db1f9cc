import { describe, expect, it } from 'vitest';
import { bonusOperationName } from '../../src/domain/account/bonusOperations.ts';
import { historyRows } from '../../src/domain/account/bonusView.ts';

describe('bonus operation names in the page language (issue 29)', () => {
  it('says the known operations in Ukrainian on Ukrainian pages, as written on Russian ones', () => {
    expect(bonusOperationName('Начисление за заказ', 'uk')).toBe('Нарахування за замовлення');
    expect(bonusOperationName('Сгорание бонусов', 'uk')).toBe('Згоряння бонусів');
    expect(bonusOperationName('Начисление за заказ', 'ru')).toBe('Начисление за заказ');
  });

  it('keeps a name it does not know', () => {
    expect(bonusOperationName('Акция «Весна»', 'uk')).toBe('Акция «Весна»');
  });

  it('the history rows carry the translated name', () => {
    const rows = historyRows(
      {
        total: 1,
        items: [
          {
            id: 1,
            createdAt: '2026-11-01T10:00:00Z',
            amount: -60,
            description: 'Оплата бонусами заказа',
            orderNumber: '1',
          },
        ],
      },
      'uk',
    );
    expect(rows[0]?.description).toBe('Оплата замовлення бонусами');
  });
});
