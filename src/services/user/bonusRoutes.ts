import type { Hono } from 'hono';
import { bonusHistoryQuerySchema, subscribeRequestSchema } from '../../api/schemas/user.ts';
import type { BonusHistory, BonusProfile } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import { isoAt } from './clock.ts';
import { answering, clientAddress, readJson, signedIn } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { notFound, parseFields } from './userProblem.ts';

/**
 * The cashback programme (spec §3 bonus profile, §7 `POST /public/user/bonus-program/member`,
 * `GET /public/bonus`, `GET /public/bonus/history`) and the newsletter subscription
 * (`POST /public/e-sputnik/subscribe/{id}`, recorded as the mailing service would receive it).
 */

/** An e-sputnik list id: any positive number (the lists live in the mailing service, not here). */
const LIST_ID = /^[1-9]\d{0,8}$/;

export function mountBonusRoutes(app: Hono, deps: UserDeps): void {
  const { tokens, bonus } = deps;

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
      deps.limits.assertSubscribeAllowed(clientAddress(c));
      subscribe.run(id, email.toLowerCase(), isoAt(deps.clock));
      deps.limits.recordSubscribe(clientAddress(c));
      return c.body(null, 204);
    }),
  );
}
