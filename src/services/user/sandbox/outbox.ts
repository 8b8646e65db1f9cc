import type { DatabaseSync } from 'node:sqlite';
import type { SandboxOutbox } from '../../../api/schemas/user.ts';
import { num, str } from '../../db/rows.ts';
import type { Row } from '../../db/rows.ts';
import { isoAt } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Mailer } from '../outside/mailer.ts';
import type { SmsSender } from '../outside/smsGateway.ts';

/**
 * SANDBOX stand-in for the SMS gateway and the mail server (DESIGN §4): nothing leaves the machine;
 * each message lands in a table, readable at `GET /sandbox/sms?phone=` and `GET /sandbox/email?to=`
 * (sandboxRoutes.ts) by tests and developers. In use only for a channel without its configured
 * adapter where sandboxes are allowed (outside/userOutside.ts).
 */
export interface Outbox {
  sms(phone: string, text: string): void;
  email(address: string, text: string): void;
  smsTo(phone: string): SandboxOutbox;
  emailTo(address: string): SandboxOutbox;
}

/** How many messages an outbox read shows (newest first). */
const READ_LIMIT = 50;

export function createSandboxOutbox(db: DatabaseSync, clock: Clock): Outbox {
  const sms = db.prepare('INSERT INTO sandbox_sms (phone, text, created_at) VALUES (?, ?, ?)');
  const email = db.prepare('INSERT INTO sandbox_email (address, text, created_at) VALUES (?, ?, ?)');
  const smsTo = db.prepare(
    `SELECT id, phone AS recipient, text, created_at FROM sandbox_sms WHERE phone = ? ORDER BY id DESC LIMIT ${READ_LIMIT}`,
  );
  const emailTo = db.prepare(
    `SELECT id, address AS recipient, text, created_at FROM sandbox_email WHERE address = ?
     ORDER BY id DESC LIMIT ${READ_LIMIT}`,
  );
  const item = (row: Row) => ({
    id: num(row, 'id'),
    to: str(row, 'recipient'),
    text: str(row, 'text'),
    createdAt: str(row, 'created_at'),
  });
  return {
    sms: (phone, text) => void sms.run(phone, text, isoAt(clock)),
    email: (address, text) => void email.run(address.toLowerCase(), text, isoAt(clock)),
    smsTo: (phone) => ({ items: smsTo.all(phone).map(item) }),
    emailTo: (address) => ({ items: emailTo.all(address.toLowerCase()).map(item) }),
  };
}

/** The outbox as the SMS gateway. */
export function outboxSms(outbox: Outbox): SmsSender {
  return {
    send(phone, text) {
      outbox.sms(phone, text);
      return Promise.resolve();
    },
  };
}

/** The outbox as the mailer: one text per mail, its subject as the first line (`Тема: …`). */
export function outboxMailer(outbox: Outbox): Mailer {
  return {
    send(mail) {
      outbox.email(mail.to, `Тема: ${mail.subject}\n\n${mail.text}`);
      return Promise.resolve();
    },
  };
}
