import type { MailerConfig } from '../../outside/outsideWorld.ts';
import { callOutside, OutsideUnavailable } from './outsideCall.ts';

/** One e-mail: plain text (a mail client makes the link clickable). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends an e-mail; the sandbox outbox (sandbox/outbox.ts) and the configured mailer both are one. */
export interface Mailer {
  /** Resolves once the mail is accepted for delivery; OutsideUnavailable when it was not. */
  send(mail: Mail): Promise<void>;
}

/**
 * The configured mailer (EMAIL_GATEWAY_URL, EMAIL_GATEWAY_TOKEN, EMAIL_FROM): `POST {url}` with
 * `Authorization: Bearer {token}` and the JSON `{ "from", "to", "subject", "text" }` (no `html`: the
 * shop's mails are plain text). Any 2xx means accepted (its body is not read); anything else, no
 * answer within `timeoutMs`, or no connection is OutsideUnavailable.
 */
export function createMailer(config: MailerConfig, timeoutMs: number): Mailer {
  return {
    async send(mail) {
      const answer = await callOutside(
        'email',
        'the mailer',
        config.url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text }),
        },
        timeoutMs,
      );
      if (!answer.ok) throw new OutsideUnavailable('email', `the mailer answered ${answer.status}`);
    },
  };
}
