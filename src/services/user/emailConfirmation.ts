import type { DatabaseSync } from 'node:sqlite';
import type { Locale } from '../../api/schemas/common.ts';
import { num, str } from '../db/rows.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';
import { confirmationEmail, EMAIL_LINK_HOURS } from './messages.ts';
import type { Mailer } from './outside/mailer.ts';
import { newToken, tokenHash } from './secrets.ts';

/**
 * E-mail confirmation links. The link opens the storefront's confirmation page (spec §2: a route
 * that takes the token, shows a spinner, a notification, then the main page), which calls
 * `GET /public/auth/email-confirm/{token}`. The page is `/email-confirm/{token}` on the Russian site
 * and `/ua/email-confirm/{token}` on the Ukrainian one, on `shopUrl` when the service knows the
 * shop's origin (SITE_URL: a mail is read far from the shop, so the link must be absolute), a path
 * of the same origin otherwise (development: the embedded service is mounted in the shop).
 */
export interface EmailConfirmation {
  /** Makes a link for `email` and mails it (OutsideUnavailable when the mailer did not take it). */
  send(customer: { id: number; firstName: string; language: Locale }, email: string): Promise<void>;
  /** Spends a link's token: the customer and address it confirms, or null (unknown, expired, used). */
  spend(token: string): { customerId: number; email: string } | null;
}

export function createEmailConfirmation(
  db: DatabaseSync,
  clock: Clock,
  mailer: Mailer,
  shopUrl: string | undefined,
): EmailConfirmation {
  const insert = db.prepare(
    'INSERT INTO email_token (token_hash, customer_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const spend = db.prepare(
    `UPDATE email_token SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING customer_id, email`,
  );
  const origin = (shopUrl ?? '').replace(/\/+$/, '');
  return {
    async send(customer, email) {
      const token = newToken();
      insert.run(tokenHash(token), customer.id, email, isoAt(clock), isoAt(clock, EMAIL_LINK_HOURS * 3600));
      const link = `${origin}${customer.language === 'uk' ? '/ua' : ''}/email-confirm/${token}`;
      // A link whose mail failed stays unusable: nobody has its token.
      await mailer.send({ to: email, ...confirmationEmail(customer.firstName, link, customer.language) });
    },
    spend(token) {
      const row = spend.get(isoAt(clock), tokenHash(token), isoAt(clock));
      return row ? { customerId: num(row, 'customer_id'), email: str(row, 'email') } : null;
    },
  };
}
