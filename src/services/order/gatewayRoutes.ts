import type { Hono } from 'hono';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { invalidFields, OrderProblem, parseFields } from './orderProblem.ts';
import { answering, limit, SMALL_BYTES } from './orderRouteKit.ts';
import { GATEWAY_OUTCOMES, gatewayCallbackSchema, isSignedBy } from './paymentGateway.ts';
import type { GatewayCallbackAnswer } from './paymentGateway.ts';
import { recordBankOutcome } from './payments.ts';
import type { PaymentDeps } from './payments.ts';

/**
 * `POST /public/payment/callback`: the payment gateway settles a payment (paymentGateway.ts has the
 * contract). Mounted only when a gateway is configured. The signature is checked on the raw bytes
 * before anything is parsed or read: a body without the gateway's HMAC is a 401 and changes nothing.
 * The outcome is then recorded exactly as the sandbox bank's buttons record it (`recordBankOutcome`):
 * only a pending payment changes, so a replayed or late callback changes nothing more.
 */
export function mountGatewayCallback(app: Hono, deps: PaymentDeps, secret: string): void {
  app.post(
    '/public/payment/callback',
    limit(SMALL_BYTES),
    answering(async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!isSignedBy(secret, raw, c.req.header('x-signature'))) {
        throw new OrderProblem(
          401,
          ORDER_ERROR.unauthorized,
          'X-Signature must be the hex HMAC-SHA256 of the body with the gateway’s secret',
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(raw));
      } catch {
        throw invalidFields([{ field: 'body', message: 'The body must be JSON' }]);
      }
      const callback = parseFields(gatewayCallbackSchema, json, 'callback');
      const payment = recordBankOutcome(deps, callback.reference, GATEWAY_OUTCOMES[callback.status]);
      const body: GatewayCallbackAnswer = { reference: payment.hash, status: payment.status };
      return c.json(body);
    }),
  );
}
