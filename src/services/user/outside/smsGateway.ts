import type { HttpGateway } from '../../outside/outsideWorld.ts';
import { callOutside, OutsideUnavailable } from './outsideCall.ts';

/** Sends an SMS; the sandbox outbox (sandbox/outbox.ts) and the configured gateway both are one. */
export interface SmsSender {
  /** Resolves once the SMS is accepted for delivery; OutsideUnavailable when it was not. */
  send(phone: string, text: string): Promise<void>;
}

/**
 * The configured SMS gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN): `POST {url}` with
 * `Authorization: Bearer {token}` and the JSON `{ "phone": "380XXXXXXXXX", "text": "…" }`. Any 2xx
 * means accepted (its body is not read: there is nothing in it the shop needs); anything else, no
 * answer within `timeoutMs`, or no connection is OutsideUnavailable.
 */
export function createSmsGateway(gateway: HttpGateway, timeoutMs: number): SmsSender {
  return {
    async send(phone, text) {
      const answer = await callOutside(
        'sms',
        'the SMS gateway',
        gateway.url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${gateway.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone, text }),
        },
        timeoutMs,
      );
      if (!answer.ok) throw new OutsideUnavailable('sms', `the SMS gateway answered ${answer.status}`);
    },
  };
}
