import { log } from '../../log/log.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ORDER_ERROR, paymentTypeSchema } from '../../api/schemas/order.ts';
import type { PaymentGatewayConfig } from '../outside/outsideWorld.ts';
import { OrderProblem, RETRY_AFTER_SECONDS } from './orderProblem.ts';
import type { GatewayLinks } from './paymentLinks.ts';
import type { BankOutcome, OpenPayment } from './payments.ts';

/**
 * The real payment gateway (DESIGN §4: the bank's payment page; docs/decisions.md "Payments: the
 * gateway contract"): an operator's small adapter in front of LiqPay, WayForPay, monobank
 * acquiring… speaks this one contract, so the order service knows no bank's own API.
 *
 * - Opening a payment: `POST {url}/payments` with `Authorization: Bearer {secret}` and
 *   `gatewayPaymentRequestSchema`; the answer is `gatewayPaymentAnswerSchema`, the page the shopper
 *   is sent to.
 * - Settling it: the gateway posts `gatewayCallbackSchema` to the `callbackUrl` it was given, with
 *   `X-Signature`: the hex HMAC-SHA256 of the raw body with the same secret (gatewayRoutes.ts).
 */

/** How long opening a payment may take: the shopper waits on the pay button meanwhile. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** A payment hash as this service makes them (newHash): the gateway's `reference`. */
const referenceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const gatewayPaymentRequestSchema = z.object({
  /** This service's payment hash: the callback names the payment by it. */
  reference: referenceSchema,
  /** Kopecks, whole: the order's total with delivery, or a certificate's nominal. */
  amount: z.number().int().positive(),
  currency: z.literal('UAH'),
  /** Spec §4 payment type: 2, 6, 9 card; 7 the «Пакунок малюка» card; 8, 10 instalments. */
  paymentType: paymentTypeSchema,
  /** Payments of an instalment plan (8, 10); 0 otherwise. */
  parts: z.number().int().nonnegative(),
  /** «Замовлення № 1000123», «Подарунковий сертифікат на 500 грн». */
  description: z.string(),
  /** The shop's page the shopper is sent back to, with `?payment=<reference>`. */
  returnUrl: z.url({ protocol: /^https?$/ }),
  /** Where the outcome is posted (signed). */
  callbackUrl: z.url({ protocol: /^https?$/ }),
  /** After this the order's hold ran out and the shop cancels it: the money must not be taken. Null: no limit. */
  expiresAt: z.iso.datetime().nullable(),
});
export type GatewayPaymentRequest = z.infer<typeof gatewayPaymentRequestSchema>;

/** The page the shopper pays on: an absolute http(s) URL, followed exactly. */
export const gatewayPaymentAnswerSchema = z.object({ paymentUrl: z.url({ protocol: /^https?$/ }) });

/** The gateway's statuses and the sandbox bank's buttons they stand for (payments.ts BANK_OUTCOMES). */
export const GATEWAY_OUTCOMES = {
  approved: 'approve',
  declined: 'decline',
  processing: 'wait',
  'not-client': 'not-client',
  error: 'error',
} as const satisfies Record<string, BankOutcome>;

const gatewayStatuses = ['approved', 'declined', 'processing', 'not-client', 'error'] as const;

export const gatewayCallbackSchema = z.object({
  reference: referenceSchema,
  status: z.enum(gatewayStatuses),
});

/** The callback's answer: the payment and its status after the outcome (spec §4 codes). */
export const gatewayCallbackAnswerSchema = z.object({ reference: z.string(), status: z.number().int() });
export type GatewayCallbackAnswer = z.infer<typeof gatewayCallbackAnswerSchema>;

/** The hex HMAC-SHA256 of `body` with `secret`: what the gateway puts in X-Signature. */
export function signBody(secret: string, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `signature` is `body`'s HMAC, compared in constant time (a wrong guess says nothing of the right one). */
export function isSignedBy(secret: string, body: Uint8Array, signature: string | undefined): boolean {
  const given = signature?.trim() ?? '';
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  return timingSafeEqual(createHmac('sha256', secret).update(body).digest(), Buffer.from(given, 'hex'));
}

function bankUnavailable(): OrderProblem {
  return new OrderProblem(
    503,
    ORDER_ERROR.unavailable,
    'The bank cannot be reached now; try again shortly',
    [],
    RETRY_AFTER_SECONDS,
  );
}

/**
 * Opens payments at the gateway. Any failure (no answer within GATEWAY_TIMEOUT_MS, a status
 * other than 2xx, an answer not of the contract) is logged and answered as a 503 with
 * Retry-After: the caller then writes nothing, so the shopper's next try starts afresh.
 */
export function openAtGateway(gateway: PaymentGatewayConfig, links: GatewayLinks): OpenPayment {
  const endpoint = `${gateway.url.replace(/\/+$/, '')}/payments`;
  return async (payment) => {
    const request: GatewayPaymentRequest = {
      reference: payment.paymentHash,
      amount: payment.amount,
      currency: 'UAH',
      paymentType: payment.paymentType,
      parts: payment.paymentParts,
      description: payment.description,
      returnUrl: links.returnUrl(payment.returnPath, payment.paymentHash),
      callbackUrl: links.callbackUrl,
      expiresAt: payment.expiresAt,
    };
    let answer: unknown;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${gateway.secret}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      answer = await response.json();
    } catch (error) {
      log.error('[order] the payment gateway did not open a payment:', error instanceof Error ? error.message : error);
      throw bankUnavailable();
    }
    const parsed = gatewayPaymentAnswerSchema.safeParse(answer);
    if (!parsed.success) {
      log.error('[order] the payment gateway answered no http(s) paymentUrl:', z.prettifyError(parsed.error));
      throw bankUnavailable();
    }
    return parsed.data.paymentUrl;
  };
}
