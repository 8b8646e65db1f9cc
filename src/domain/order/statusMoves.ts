import { ORDER_STATUS_NAMES, ORDER_STATUS_NEXT } from '../../api/schemas/orderAdmin.ts';

/**
 * Which order status may follow which (storefront spec §4 "Order status": the codes are the spec's,
 * "transition rules between statuses are not shown", so the moves are ours: the table
 * `ORDER_STATUS_NEXT` of the order admin contract; docs/decisions.md "Order statuses move"). Pure.
 * The embedded order service may not import the domain (it stands in for an external service), so
 * it judges with the same table in src/services/order/orderStatusMoves.ts; a unit test keeps the
 * two judgements equal for every pair of codes.
 */

/** Spec §4 status 5. */
const CANCELED = 5;

/** The statuses `from` may move to (empty for a final status or an unknown code). */
export function nextStatuses(from: number): readonly number[] {
  return ORDER_STATUS_NEXT[from] ?? [];
}

export type StatusMove =
  /** Nothing to do: the order already has that status (a retried call answers the same). */
  { kind: 'same' } | { kind: 'move'; cancels: boolean } | { kind: 'refused'; message: string };

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
  if (allowed.includes(to)) return { kind: 'move', cancels: to === CANCELED };
  const then = allowed.length === 0 ? 'it is final' : `allowed: ${allowed.map(named).join(', ')}`;
  return { kind: 'refused', message: `An order cannot move from ${named(from)} to ${named(to)}; ${then}` };
}
