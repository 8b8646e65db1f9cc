import { z } from 'zod';
import { orderNumberSchema, orderSchema, orderStatusSchema } from './order.ts';

/**
 * The order service's admin API (ours; the spec lists only the shopper's calls): how the shop's
 * accounting system, an operator or a test moves an order through the spec §4 statuses
 * (docs/decisions.md "Order statuses move"). Both sides parse with these schemas.
 */

export const ORDER_ADMIN_LIMITS = {
  /** Request body size, bytes. */
  requestBytes: 4 * 1024,
  /** A note's length. */
  noteLength: 500,
} as const;

/** `POST /admin/order/{number}/status`: the status to move to (5 cancels), with a note for support. */
export const orderStatusMoveSchema = z.strictObject({
  status: orderStatusSchema,
  note: z.string().trim().max(ORDER_ADMIN_LIMITS.noteLength).optional(),
});
export type OrderStatusMove = z.input<typeof orderStatusMoveSchema>;

export const orderAdminNumberSchema = orderNumberSchema;

/** Spec §4's meaning of each order status code, for messages people read (operators, logs). */
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

/**
 * The moves the admin route accepts: where each status may go next (spec §4 shows no transitions;
 * ours, docs/decisions.md "Order statuses move"). The rule over it is src/services/order/orderStatusMoves.ts
 * (the order service judges with the same table; a unit test keeps the two judgements equal).
 *
 *   0 new, 1 registered, 7 accounting-system error: the shop has not taken the order into work
 *   2 agreed («Собирается») → 8 partially collected / 9 collected → 3 handed to delivery → 4 in transit → 6 delivered
 *   9 → 6: a pickup order is handed over in the shop. 5 canceled: from any status but 6; 5 and 6 are final.
 */
export const ORDER_STATUS_NEXT: Readonly<Record<number, readonly number[]>> = {
  0: [1, 7, 2, 5],
  1: [7, 2, 5],
  7: [1, 2, 5],
  2: [8, 9, 5],
  8: [9, 5],
  9: [3, 6, 5],
  3: [4, 6, 5],
  4: [6, 5],
  5: [],
  6: [],
};

/**
 * The answer: the order as its shopper now reads it (with `statusHistory`), and whether anything
 * changed (false: it already had that status, so a retried call changes nothing).
 */
export const orderStatusMoveResultSchema = z.object({
  order: orderSchema,
  changed: z.boolean(),
});
export type OrderStatusMoveResult = z.infer<typeof orderStatusMoveResultSchema>;
