import { z } from 'zod';
import type { Locale } from '../../api/schemas/common.ts';
import { BASKET_LIMITS } from '../../api/schemas/basket.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { orderMessages } from './orderMessages.ts';
import { OrderProblem } from './orderProblem.ts';
import type { FieldProblem } from './orderProblem.ts';

/**
 * How much of the shop one shopper can hold (DESIGN §7 "Scarce things are bounded per shopper";
 * docs/decisions.md "Orders: bounded holds"). An order reserves its units the moment it is placed,
 * before anyone pays or calls, so each of these bounds what a stranger can take off the shelf.
 */
export interface OrderHolds {
  /** Units of one variant an order may take (every line of that variant counted together). */
  lineMax: number;
  /** Open unpaid orders one phone may have (`openOrders` in orderRepository.ts says which count). */
  openPerPhone: number;
  /** Minutes an order paid online holds its units unpaid; then it is canceled and they are for sale. */
  paymentHoldMinutes: number;
}

export const ORDER_HOLD_DEFAULTS: Readonly<OrderHolds> = {
  lineMax: 20,
  openPerPhone: 3,
  paymentHoldMinutes: 30,
};

/** A whole number from the environment: digits only, so `2O`, `1e3` or ` ` stop the start instead of lifting a limit. */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`));

const HOLD_VARIABLES = {
  ORDER_LINE_MAX: { key: 'lineMax', schema: wholeNumber(BASKET_LIMITS.quantity) },
  ORDER_OPEN_PER_PHONE: { key: 'openPerPhone', schema: wholeNumber(1000) },
  // A week: longer is no hold but a reservation nobody pays for.
  ORDER_PAYMENT_HOLD_MINUTES: { key: 'paymentHoldMinutes', schema: wholeNumber(7 * 24 * 60) },
} as const;

/**
 * ORDER_LINE_MAX, ORDER_OPEN_PER_PHONE and ORDER_PAYMENT_HOLD_MINUTES from `env`, each its default
 * when unset. A malformed value throws naming the variable: a typo stops the start, it never lifts a
 * limit silently.
 */
export function orderHoldsFromEnv(env: Readonly<Record<string, string | undefined>>): OrderHolds {
  const holds: OrderHolds = { ...ORDER_HOLD_DEFAULTS };
  for (const [name, { key, schema }] of Object.entries(HOLD_VARIABLES)) {
    const given = env[name];
    if (given === undefined) continue;
    const parsed = schema.safeParse(given);
    if (!parsed.success) {
      throw new Error(`${name} ${parsed.error.issues[0]?.message ?? 'is malformed'} (got ${JSON.stringify(given)})`);
    }
    holds[key] = parsed.data;
  }
  return holds;
}

interface Units {
  internalId: number;
  quantity: number;
}

/**
 * The variants an order would take more than `max` units of, each named on its first line's
 * quantity: lines of one variant (bought, on subscription, asked twice) count together, because
 * together they are what the order holds.
 */
export function lineMaxProblems(
  lines: { items: readonly Units[]; subscriptionItems?: readonly Units[] },
  max: number,
  locale: Locale,
): FieldProblem[] {
  const byVariant = new Map<number, { units: number; field: string }>();
  const add = (list: readonly Units[], name: string): void => {
    list.forEach((line, index) => {
      const seen = byVariant.get(line.internalId);
      if (seen) seen.units += line.quantity;
      else byVariant.set(line.internalId, { units: line.quantity, field: `${name}.${index}.quantity` });
    });
  };
  add(lines.items, 'items');
  add(lines.subscriptionItems ?? [], 'subscriptionItems');
  const message = orderMessages(locale).lineMax(max);
  return [...byVariant.values()].filter((v) => v.units > max).map((v) => ({ field: v.field, message }));
}

/** The refusal of a phone that already has `limit` open unpaid orders (409, named on `phone`). */
export function tooManyOpenOrders(limit: number, locale: Locale): OrderProblem {
  const message = orderMessages(locale).tooManyOpenOrders(limit);
  return new OrderProblem(409, ORDER_ERROR.tooManyOpenOrders, message, [{ field: 'phone', message }]);
}
