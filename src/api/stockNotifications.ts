import type { HttpClient } from './http.ts';
import {
  INTERNAL_MESSAGE_PATH,
  STOCK_NOTIFICATION_PATHS,
  stockNotificationRunSchema,
  stockNotificationSchema,
} from './schemas/stockNotification.ts';
import type {
  InternalMessage,
  StockNotification,
  StockNotificationRequest,
  StockNotificationRun,
} from './schemas/stockNotification.ts';
import { SERVICE_TOKEN_HEADER } from './schemas/user.ts';
import type { CallOptions } from './search.ts';
import { z } from 'zod';

/**
 * Typed calls of «Повідомити про наявність» (issue 29; shapes in schemas/stockNotification.ts).
 * Errors are ApiErrors: 400 fields, 404 no such variant, 409 (4094) the variant is not sold out,
 * 429 too many requests (Retry-After), 503 the catalogue cannot be read now.
 */

/** `POST /public/stock-notifications`: keep a request; `clientIp` (X-Forwarded-For) for the per-address limit. */
export function requestStockNotification(
  client: HttpClient,
  body: StockNotificationRequest,
  opts: CallOptions & { clientIp?: string | null } = {},
): Promise<StockNotification> {
  const { clientIp, ...call } = opts;
  return client.request({
    service: 'order',
    method: 'POST',
    path: STOCK_NOTIFICATION_PATHS.create,
    body,
    schema: stockNotificationSchema,
    ...(clientIp ? { headers: { 'x-forwarded-for': clientIp } } : {}),
    ...call,
  });
}

/** `POST /internal/stock-notifications/run` (the service token): sends what is due; `productId` narrows it. */
export function runStockNotifications(
  client: HttpClient,
  serviceToken: string,
  productId: number | null,
  opts: CallOptions = {},
): Promise<StockNotificationRun> {
  return client.request({
    service: 'order',
    method: 'POST',
    path: STOCK_NOTIFICATION_PATHS.run,
    ...(productId === null ? {} : { query: { productId } }),
    headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
    // Service to service (the service token), not the shop's call: opts out of the project header.
    projectHeader: false,
    schema: stockNotificationRunSchema,
    ...opts,
  });
}

/** `POST /internal/messages` of the user service (the service token): one SMS or e-mail. */
export function sendInternalMessage(
  client: HttpClient,
  message: InternalMessage,
  serviceToken: string,
  opts: CallOptions = {},
): Promise<void> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: INTERNAL_MESSAGE_PATH,
    body: message,
    headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
    // Service to service (the service token), not the shop's call: opts out of the project header.
    projectHeader: false,
    schema: z.undefined(),
    ...opts,
  });
}
