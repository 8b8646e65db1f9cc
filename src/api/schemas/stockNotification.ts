import { z } from 'zod';
import { localeSchema } from './common.ts';
import { emailSchema, phoneSchema } from './person.ts';

/**
 * «Повідомити про наявність» (issue 29): the order service keeps a shopper's request to hear when a
 * sold-out variant is back, by SMS or e-mail, and sends it once (docs/decisions.md "Stock
 * notifications"). Shapes shared by the service and its client (src/api/stockNotifications.ts).
 */

export const STOCK_NOTIFICATION_PATHS = {
  /** `POST`: a new request (201; an identical waiting one is answered as it is, 200). */
  create: '/public/stock-notifications',
  /** `POST` (the service token): send what is due now; `?productId=` narrows it to one product. */
  run: '/internal/stock-notifications/run',
} as const;

const contactSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('sms'), to: phoneSchema }),
  z.object({ channel: z.literal('email'), to: emailSchema }),
]);

export const stockNotificationRequestSchema = z
  .object({
    productId: z.number().int().positive(),
    variantId: z.number().int().positive(),
    locale: localeSchema,
  })
  .and(contactSchema);
export type StockNotificationRequest = z.infer<typeof stockNotificationRequestSchema>;

export const stockNotificationSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(['waiting', 'sent']),
});
export type StockNotification = z.infer<typeof stockNotificationSchema>;

export const stockNotificationRunSchema = z.object({ sent: z.number().int().nonnegative() });
export type StockNotificationRun = z.infer<typeof stockNotificationRunSchema>;

/** The order service's refusals: the variant is not sold out (409), too many requests (429). */
export const STOCK_NOTIFICATION_ERROR = { notSoldOut: 4094, tooMany: 429 } as const;

/**
 * `POST /internal/messages` of the user service (the service token): one SMS or e-mail through its
 * channels (the configured gateway and mailer, or the sandbox outboxes). The user service owns the
 * shop's messengers; the order service sends its stock notifications through it.
 */
export const INTERNAL_MESSAGE_PATH = '/internal/messages';
export const internalMessageSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('sms'), to: phoneSchema, text: z.string().min(1).max(500) }),
  z.object({
    channel: z.literal('email'),
    to: emailSchema,
    subject: z.string().min(1).max(200),
    text: z.string().min(1).max(2000),
  }),
]);
export type InternalMessage = z.infer<typeof internalMessageSchema>;
