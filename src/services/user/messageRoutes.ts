import type { Hono } from 'hono';
import { INTERNAL_MESSAGE_PATH, internalMessageSchema } from '../../api/schemas/stockNotification.ts';
import { requireServiceToken } from './bonusRoutes.ts';
import type { Mailer } from './outside/mailer.ts';
import type { SmsSender } from './outside/smsGateway.ts';
import { answering, readJson } from './routeKit.ts';
import { parseFields } from './userProblem.ts';

/**
 * `POST /internal/messages` (the service token only): one SMS or e-mail through this service's
 * channels, the configured gateway and mailer or their sandbox outboxes. The order service's stock
 * notifications (issue 29) go out this way, so the shop has one SMS gateway and one mailer, and
 * tests read every message in the same outboxes. 204 once accepted; a channel that cannot send
 * now is the routes' 503 (OutsideUnavailable).
 */
export function mountMessageRoutes(
  app: Hono,
  deps: { sms: SmsSender; mailer: Mailer; serviceToken: string | undefined },
): void {
  app.post(
    INTERNAL_MESSAGE_PATH,
    answering(async (c) => {
      requireServiceToken(c, deps.serviceToken);
      const message = parseFields(internalMessageSchema, await readJson(c));
      if (message.channel === 'sms') await deps.sms.send(message.to, message.text);
      else await deps.mailer.send({ to: message.to, subject: message.subject, text: message.text });
      return c.body(null, 204);
    }),
  );
}
