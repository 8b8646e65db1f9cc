import type { Context } from 'hono';
import { sameSecret } from '../../api/bearerToken.ts';
import type { Hono } from 'hono';
import {
  bonusGiveBackRequestSchema,
  bonusHistoryQuerySchema,
  bonusOrderPaymentRequestSchema,
  SERVICE_TOKEN_HEADER,
  subscribeRequestSchema,
  USER_ERROR,
} from '../../api/schemas/user.ts';
import type { BonusHistory, BonusOrderPayment, BonusProfile, BonusShortError } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import type { OrderPaymentOutcome } from './bonusRepository.ts';
import { isoAt } from './clock.ts';
import { answering, clientAddress, readJson, requireSession, signedIn } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { MESSAGES, notFound, parseFields, UserProblem } from './userProblem.ts';

/**
 * The cashback programme (spec §3 bonus profile, §7 `POST /public/user/bonus-program/member`,
 * `GET /public/bonus`, `GET /public/bonus/history`) and the newsletter subscription
 * (`POST /public/e-sputnik/subscribe/{id}`, recorded as the mailing service would receive it).
 */

/** An e-sputnik list id: any positive number (the lists live in the mailing service, not here). */
const LIST_ID = /^[1-9]\d{0,8}$/;

/**
 * An internal call must carry the service token this service was given; without one configured,
 * no call is internal (403 for every caller).
 */
export function requireServiceToken(c: Context, expected: string | undefined): void {
  if (!sameSecret(c.req.header(SERVICE_TOKEN_HEADER), expected)) {
    throw new UserProblem(403, USER_ERROR.serviceToken, MESSAGES.serviceToken);
  }
}

/** A refused payment as the contract's 409 (the order service turns it into its own field message). */
function refusedPayment(c: Context, outcome: Exclude<OrderPaymentOutcome, { kind: 'spent' }>): Response {
  switch (outcome.kind) {
    case 'notMember':
      throw new UserProblem(409, USER_ERROR.bonusNotMember, MESSAGES.bonusNotMember);
    case 'short': {
      const message = MESSAGES.bonusShort(outcome.activeAmount);
      const body: BonusShortError = {
        code: USER_ERROR.bonusShort,
        message,
        fields: [{ field: 'amount', message }],
        activeAmount: outcome.activeAmount,
      };
      return c.json(body, 409);
    }
    case 'taken':
      throw new UserProblem(409, USER_ERROR.bonusOrderTaken, MESSAGES.bonusOrderTaken);
  }
}

export function mountBonusRoutes(app: Hono, deps: UserDeps): void {
  const { tokens, bonus } = deps;

  // The order service pays a signed-in shopper's order with the shopper's own points: the bearer
  // says whose (never a customer id from the body), the service token that the caller is the order
  // service. The token is judged first, so a shopper learns nothing of the route's other rules.
  app.post(
    '/internal/bonus/order-payment',
    answering(async (c) => {
      requireServiceToken(c, deps.serviceToken);
      const { customerId } = requireSession(c, tokens);
      const { orderNumber, amount } = parseFields(bonusOrderPaymentRequestSchema, await readJson(c));
      const outcome = inTransaction(deps.db, () => bonus.payForOrder(customerId, orderNumber, amount));
      if (outcome.kind !== 'spent') return refusedPayment(c, outcome);
      const body: BonusOrderPayment = outcome.payment;
      return c.json(body, outcome.replayed ? 200 : 201);
    }),
  );

  // A give-back comes from the order service alone (an order that failed after its payment, later a
  // cancellation by the shop), possibly long after the shopper's token expired: the token only.
  app.post(
    '/internal/bonus/order-payment/give-back',
    answering(async (c) => {
      requireServiceToken(c, deps.serviceToken);
      const { customerId, orderNumber } = parseFields(bonusGiveBackRequestSchema, await readJson(c));
      if (!deps.users.findById(customerId)) throw notFound('Покупатель');
      const body: BonusOrderPayment = inTransaction(deps.db, () => bonus.giveBackOrder(customerId, orderNumber));
      return c.json(body);
    }),
  );

  app.post(
    '/public/user/bonus-program/member',
    signedIn(tokens, (c, { customerId }) => {
      inTransaction(deps.db, () => bonus.join(customerId));
      const body: BonusProfile = bonus.profile(customerId);
      return c.json(body);
    }),
  );

  app.get(
    '/public/bonus',
    signedIn(tokens, (c, { customerId }) => {
      const body: BonusProfile = bonus.profile(customerId);
      return c.json(body);
    }),
  );

  app.get(
    '/public/bonus/history',
    signedIn(tokens, (c, { customerId }) => {
      const query = parseFields(bonusHistoryQuerySchema, c.req.query());
      const body: BonusHistory = bonus.history(customerId, query);
      return c.json(body);
    }),
  );

  const subscribe = deps.db.prepare(
    'INSERT INTO newsletter_subscription (list_id, email, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  app.post(
    '/public/e-sputnik/subscribe/:id',
    answering(async (c) => {
      const param = c.req.param('id') ?? '';
      if (!LIST_ID.test(param)) throw notFound('Список рассылки');
      const id = Number(param);
      const { email } = parseFields(subscribeRequestSchema, await readJson(c));
      // Anonymous and cheap to call: limited like the codes per address, so a script cannot fill the list.
      deps.limits.reserveSubscribe(clientAddress(c));
      subscribe.run(id, email.toLowerCase(), isoAt(deps.clock));
      return c.body(null, 204);
    }),
  );
}
