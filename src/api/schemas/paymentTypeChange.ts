import { z } from 'zod';
import { INSTALMENT_LIMITS, paymentTypeSchema } from './order.ts';

// Apart from order.ts: the checkout's bundle, which parses orders, never sends this.
/**
 * `POST /public/anon/order/{hash}/payment-type` (ours, not in the spec's table): the shopper of an
 * unpaid new order chooses another payment type herself, e.g. after the bank declined or said she
 * is not its client (docs/decisions.md "Orders: choosing another payment type"). `paymentParts` as
 * in an order: 3 … 10 for the instalment types, 0 otherwise; the service judges the type by the
 * order's delivery and amount as it judged the order's, in the request's `locale`.
 */
export const paymentTypeChangeSchema = z.object({
  paymentType: paymentTypeSchema,
  paymentParts: z.number().int().min(0).max(INSTALMENT_LIMITS.maxParts).default(0),
});
export type PaymentTypeChange = z.input<typeof paymentTypeChangeSchema>;
export type PaymentTypeChosen = z.output<typeof paymentTypeChangeSchema>;
