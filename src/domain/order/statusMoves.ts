/**
 * Which order status may follow which (storefront spec §4 "Order status": the codes are the spec's,
 * "transition rules between statuses are not shown", so these are ours; docs/decisions.md "Order
 * statuses move"). The order service's admin route judges every move with `statusMove`; pure.
 *
 *   0 new, 1 registered, 7 accounting-system error  → the shop has not taken the order into work
 *   2 agreed («Собирается») → 8 partially collected / 9 collected → 3 handed to delivery → 4 in transit → 6 delivered
 *   5 canceled: from any status but 6; 5 and 6 are final.
 *
 * A pickup order is handed over in the shop: 9 → 6. A parcel that never arrives (refused at the
 * branch, lost) is canceled from 3 or 4, which returns its units to the shelf.
 */

export const ORDER_STATUS = {
  new: 0,
  registered: 1,
  agreed: 2,
  delivery: 3,
  transit: 4,
  canceled: 5,
  completed: 6,
  accountingError: 7,
  partiallyCollected: 8,
  collected: 9,
} as const;

/** Spec §4's meaning of each code, for messages people read (the ERP's operators, logs). */
export const ORDER_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'new',
  1: 'registered',
  2: 'agreed',
  3: 'delivery',
  4: 'transit',
  5: 'canceled',
  6: 'completed',
  7: 'error from the accounting system',
  8: 'partially collected',
  9: 'collected',
};

const { new: NEW, registered, agreed, delivery, transit, canceled, completed } = ORDER_STATUS;
const { accountingError, partiallyCollected, collected } = ORDER_STATUS;

/** Where each status may go next (the same status is not a move: see `statusMove`). */
const NEXT: Readonly<Record<number, readonly number[]>> = {
  [NEW]: [registered, accountingError, agreed, canceled],
  [registered]: [accountingError, agreed, canceled],
  [accountingError]: [registered, agreed, canceled],
  [agreed]: [partiallyCollected, collected, canceled],
  [partiallyCollected]: [collected, canceled],
  [collected]: [delivery, completed, canceled],
  [delivery]: [transit, completed, canceled],
  [transit]: [completed, canceled],
  [canceled]: [],
  [completed]: [],
};

/** The statuses `from` may move to, in the order above (empty for a final status or an unknown code). */
export function nextStatuses(from: number): readonly number[] {
  return NEXT[from] ?? [];
}

export type StatusMove =
  /** Nothing to do: the order already has that status (a retried call answers the same). */
  | { kind: 'same' }
  | { kind: 'move'; cancels: boolean }
  | { kind: 'refused'; message: string };

function named(code: number): string {
  const name = ORDER_STATUS_NAMES[code];
  return name === undefined ? String(code) : `${code} (${name})`;
}

/** Judges the move of an order from `from` to `to`, with the reason when it is refused. */
export function statusMove(from: number, to: number): StatusMove {
  if (ORDER_STATUS_NAMES[to] === undefined) {
    return { kind: 'refused', message: `${to} is not an order status (spec §4: 0–9)` };
  }
  if (from === to) return { kind: 'same' };
  const allowed = nextStatuses(from);
  if (allowed.includes(to)) return { kind: 'move', cancels: to === canceled };
  const then = allowed.length === 0 ? 'it is final' : `allowed: ${allowed.map(named).join(', ')}`;
  return { kind: 'refused', message: `An order cannot move from ${named(from)} to ${named(to)}; ${then}` };
}
