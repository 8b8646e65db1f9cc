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

/**
 * The answer: the order as its shopper now reads it (with `statusHistory`), and whether anything
 * changed (false: it already had that status, so a retried call changes nothing).
 */
export const orderStatusMoveResultSchema = z.object({
  order: orderSchema,
  changed: z.boolean(),
});
export type OrderStatusMoveResult = z.infer<typeof orderStatusMoveResultSchema>;
