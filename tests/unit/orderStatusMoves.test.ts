import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_NAMES, ORDER_STATUS_NEXT } from '../../src/api/schemas/orderAdmin.ts';
import { judgeStatusMove as statusMove } from '../../src/services/order/orderStatusMoves.ts';
import { statusHistoryView } from '../../src/domain/order/statusHistory.ts';

/** Which order status may follow which (ours: spec §4 shows none), and how the history reads. */

const CODES = Object.keys(ORDER_STATUS_NAMES).map(Number);

describe('statusMove', () => {
  it.each([
    [0, 2],
    [0, 1],
    [1, 2],
    [7, 1],
    [2, 9],
    [2, 8],
    [8, 9],
    [9, 3],
    [9, 6],
    [3, 4],
    [4, 6],
  ])('moves %i → %i', (from, to) => {
    expect(statusMove(from, to)).toEqual({ kind: 'move', cancels: false });
  });

  it('cancels from every status but the final ones', () => {
    for (const from of [0, 1, 7, 2, 8, 9, 3, 4]) expect(statusMove(from, 5)).toEqual({ kind: 'move', cancels: true });
  });

  it('refuses a move backwards or a skip, naming what is allowed', () => {
    expect(statusMove(4, 2)).toEqual({
      kind: 'refused',
      message: 'An order cannot move from 4 (transit) to 2 (agreed); allowed: 6 (completed), 5 (canceled)',
    });
    expect(statusMove(0, 4)).toMatchObject({ kind: 'refused' });
    expect(statusMove(2, 3)).toMatchObject({ kind: 'refused' });
  });

  it('keeps canceled and completed final', () => {
    expect(statusMove(6, 5)).toEqual({
      kind: 'refused',
      message: 'An order cannot move from 6 (completed) to 5 (canceled); it is final',
    });
    expect(statusMove(5, 0)).toMatchObject({ kind: 'refused' });
    expect(ORDER_STATUS_NEXT[5] ?? []).toEqual([]);
    expect(ORDER_STATUS_NEXT[6] ?? []).toEqual([]);
  });

  it('answers the same status as nothing to do, and refuses a code outside the spec', () => {
    expect(statusMove(3, 3)).toEqual({ kind: 'same' });
    expect(statusMove(0, 10)).toEqual({ kind: 'refused', message: '10 is not an order status (spec §4: 0–9)' });
  });

  it('reaches «delivered» from «new» by allowed moves only, and never leaves a final status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.constantFrom(...CODES), (from, to) => {
        const move = statusMove(from, to);
        if (from === 5 || from === 6) expect(move.kind === 'move').toBe(false);
        if (move.kind === 'move') expect(ORDER_STATUS_NEXT[from]).toContain(to);
      }),
    );
    const path = [0, 1, 2, 8, 9, 3, 4, 6];
    for (let i = 1; i < path.length; i++) expect(statusMove(path[i - 1] ?? 0, path[i] ?? 0).kind).toBe('move');
  });
});

describe('statusHistoryView', () => {
  it('labels each step in the page’s language with its day in the shopper’s zone', () => {
    const history = [
      { status: 0, at: '2025-06-15T21:30:00Z' },
      { status: 2, at: '2025-06-16T08:00:00Z' },
      { status: 5, at: '2025-06-17T10:00:00Z' },
    ];
    expect(statusHistoryView(history, 'ru').map((s) => [s.status.label, s.date])).toEqual([
      ['Новый заказ', '16.06.2025'],
      ['Собирается', '16.06.2025'],
      ['Отменен', '17.06.2025'],
    ]);
    expect(statusHistoryView(history, 'uk', 'America/New_York').map((s) => [s.status.label, s.date])).toEqual([
      ['Нове замовлення', '15.06.2025'],
      ['Збирається', '16.06.2025'],
      ['Скасовано', '17.06.2025'],
    ]);
  });

  it('shows new → registered → error as one «new order» step, the first', () => {
    const steps = statusHistoryView(
      [
        { status: 0, at: '2025-06-15T09:00:00Z' },
        { status: 1, at: '2025-06-16T09:00:00Z' },
        { status: 7, at: '2025-06-17T09:00:00Z' },
        { status: 2, at: '2025-06-18T09:00:00Z' },
      ],
      'ru',
    );
    expect(steps.map((s) => [s.status.className, s.date])).toEqual([
      ['new-order', '15.06.2025'],
      ['in-work-order', '18.06.2025'],
    ]);
  });
});
