import type { Locale } from '../../api/schemas/common.ts';
import { orderStatusView, type OrderStatusView } from '../checkout/orderStatus.ts';
import { formatDate } from '../format/date.ts';

/**
 * An order's status history as its pages show it (docs/decisions.md "Order statuses move"): each
 * change with the spec §4 label in the page's language and its day in the shopper's time zone.
 * Codes 0, 1 and 7 all read «Новый заказ»: a change that does not change what the shopper reads
 * (new → registered) is not shown as a second step. Pure.
 */

export interface StatusChange {
  status: number;
  /** ISO 8601 instant. */
  at: string;
}

export interface StatusStepView {
  status: OrderStatusView;
  /** DD.MM.YYYY in the shopper's zone (Kyiv when unknown). */
  date: string;
  /** The instant, for `<time datetime>`. */
  at: string;
}

export function statusHistoryView(
  history: readonly StatusChange[],
  locale: Locale,
  timeZone: string | null = null,
): StatusStepView[] {
  const steps: StatusStepView[] = [];
  for (const change of history) {
    const status = orderStatusView(change.status, locale);
    if (steps.at(-1)?.status.label === status.label) continue;
    steps.push({ status, date: formatDate(change.at, timeZone), at: change.at });
  }
  return steps;
}
