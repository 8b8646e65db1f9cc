import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { formatHryvnias } from '../basketMessages.ts';
import { findPayment, outcomesFor, paymentSubject, recordBankOutcome } from '../payments.ts';
import type { BankOutcome, PaymentDeps } from '../payments.ts';
import { BANK_CSS, bankMessagePage, bankPage, bankPageCsp } from './bankPage.ts';
import { OrderProblem } from '../orderProblem.ts';

/**
 * The sandbox bank (DESIGN §4), mounted only while the order service has no real bank (the order
 * app's `sandboxBank`): a real deployment answers 404 for all of `/sandbox/*`.
 *
 * - `GET /sandbox/bank/{paymentHash}`: the bank's page for a payment (the `paymentUrl` of
 *   `POST /public/payment/new/{hash}`): shop, subject, amount, type, parts, status, and a button per
 *   answer the bank can give: Оплатить (3), Отклонить (4), for type 10 "leave waiting in the bank's
 *   app" (2), for the instalment types 8 and 10 "not a client of the bank" (9), and a bank error (8).
 * - `POST /sandbox/bank/{paymentHash}` (form field `outcome`): records the answer as the bank's
 *   server-to-server callback would (`recordBankOutcome`, the one place a payment's status
 *   changes), then sends the shopper back with a 303 to the payment's `returnUrl?payment=<hash>`.
 * - `GET /sandbox/bank.css`: the page's stylesheet.
 */

const NOT_FOUND = 'Платёж не найден';
const CANNOT_ANSWER = 'Банк не может так ответить на этот платёж';

const paymentHashSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const outcomeFormSchema = z.object({ outcome: z.enum(['approve', 'decline', 'wait', 'not-client', 'error']) });

function html(c: Context, body: string, status: 200 | 400 | 404, shopUrl?: string): Response {
  c.header('Content-Security-Policy', bankPageCsp(shopUrl === undefined ? null : new URL(shopUrl).origin));
  // A payment's page is nobody else's business: never kept by a shared cache.
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  return c.html(body, status);
}

/**
 * The shop's page the bank returns to: `returnUrl` (a checked shop path) with `?payment=`, on the
 * shop's origin when the bank does not share it (the order service on its own port).
 */
function backUrl(returnUrl: string, paymentHash: string, shopUrl: string | undefined): string {
  const path = `${returnUrl}?payment=${encodeURIComponent(paymentHash)}`;
  return shopUrl === undefined ? path : `${shopUrl.replace(/\/+$/, '')}${path}`;
}

export function mountSandboxBank(app: Hono, deps: PaymentDeps, shopUrl?: string): void {
  app.get('/sandbox/bank.css', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(BANK_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  app.get('/sandbox/bank/:paymentHash', (c) => {
    const hash = paymentHashSchema.safeParse(c.req.param('paymentHash'));
    const payment = hash.success ? findPayment(deps, hash.data) : null;
    if (!payment) return html(c, bankMessagePage(NOT_FOUND), 404);
    const subject = paymentSubject(deps, payment);
    const pending = payment.status <= 2;
    return html(
      c,
      bankPage({
        paymentHash: payment.hash,
        subject:
          subject.kind === 'order'
            ? `Заказ № ${subject.number}`
            : `Подарочный сертификат на ${formatHryvnias(subject.nominal)} грн`,
        amount: payment.amount,
        paymentType: payment.paymentType,
        paymentParts: payment.paymentParts,
        status: payment.status,
        outcomes: pending ? outcomesFor(payment.paymentType) : [],
        backUrl: backUrl(payment.returnUrl, payment.hash, shopUrl),
      }),
      200,
      shopUrl,
    );
  });

  // The form has one field; anything bigger is not the bank's page posting.
  const formLimit = bodyLimit({ maxSize: 1024, onError: (c) => html(c, bankMessagePage(CANNOT_ANSWER), 400) });
  app.post('/sandbox/bank/:paymentHash', formLimit, async (c) => {
    const hash = paymentHashSchema.safeParse(c.req.param('paymentHash'));
    const form = outcomeFormSchema.safeParse(await c.req.parseBody().catch(() => ({})));
    if (!hash.success) return html(c, bankMessagePage(NOT_FOUND), 404);
    if (!form.success) return html(c, bankMessagePage(CANNOT_ANSWER), 400);
    const outcome: BankOutcome = form.data.outcome;
    try {
      const payment = recordBankOutcome(deps, hash.data, outcome);
      // 303: the browser follows with a GET, so a reload of the shop's page does not post again.
      return c.redirect(backUrl(payment.returnUrl, payment.hash, shopUrl), 303);
    } catch (error) {
      if (error instanceof OrderProblem && error.status === 404) return html(c, bankMessagePage(NOT_FOUND), 404);
      if (error instanceof OrderProblem && error.status === 400) return html(c, bankMessagePage(CANNOT_ANSWER), 400);
      throw error;
    }
  });
}
