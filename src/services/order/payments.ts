import { log } from '../../log/log.ts';
import { randomInt } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import {
  APP_INSTALMENT_PAYMENT_TYPE,
  INSTALMENT_PAYMENT_TYPES,
  ONLINE_PAYMENT_TYPES,
  ORDER_ERROR,
  PAYMENT_STATUS,
} from '../../api/schemas/order.ts';
import type {
  certificatePurchaseSchema,
  CertificateOrder,
  NewPayment,
  PaymentCheckout,
  PaymentType,
} from '../../api/schemas/order.ts';
import { inTransaction } from '../db/database.ts';
import { formatHryvnias } from './basketMessages.ts';
import { notFound, OrderProblem } from './orderProblem.ts';
import { bodyHash, newHash, storedKey } from './orderPlacement.ts';
import type { Shopper } from './orderPlacement.ts';
import type { OrderRepository, PaymentRow, PaymentTarget } from './orderRepository.ts';

/**
 * Payments (spec §4 "Payment types", payment status codes; §7 `POST /public/payment/new/{id}`,
 * `GET /public/payment/checkout/{id}`) and gift certificate purchases, which are paid the same way.
 *
 * A payment is one attempt at the bank for an order (or a certificate purchase) paid online. It
 * starts `created` (1); the bank's answer moves it once, from pending (0–2) to what the bank says:
 * approved 3, declined 4, error 8, not a client of the instalment bank 9, or processing 2 for the
 * second instalment bank's "confirm in the app" (type 10). A new payment for the same order closes
 * the pending ones as expired (5), so at most one attempt can be approved, and a declined order can
 * be paid again. An approved certificate purchase issues its certificate in the same transaction.
 *
 * The bank is the sandbox's page or the configured gateway (paymentGateway.ts): either is an
 * `OpenPayment`. An order's hold bounds its payments (docs/decisions.md "Orders: bounded holds"):
 * once it ran out the order is canceled and a new payment is refused (409/4093); the bank is told
 * when it runs out (`expiresAt`). An approval that arrives anyway is recorded as the bank says (the
 * money is real) but does not bring the order or its units back: it is logged for a refund.
 */

export interface PaymentDeps {
  db: DatabaseSync;
  orders: OrderRepository;
  now: () => Date;
  /** Today in Kyiv (YYYY-MM-DD). */
  today: () => string;
}

/** What the bank can answer about a payment, as its callback (or the sandbox's buttons) says it. */
export const BANK_OUTCOMES = {
  approve: PAYMENT_STATUS.approved,
  decline: PAYMENT_STATUS.declined,
  wait: PAYMENT_STATUS.processing,
  'not-client': PAYMENT_STATUS.notBankClient,
  error: PAYMENT_STATUS.error,
} as const;
export type BankOutcome = keyof typeof BANK_OUTCOMES;

/** The outcomes a bank can give a payment of this type: waiting in the app for type 10, "not a client" for instalments. */
export function outcomesFor(type: PaymentType): BankOutcome[] {
  const outcomes: BankOutcome[] = ['approve', 'decline'];
  if (type === APP_INSTALMENT_PAYMENT_TYPE) outcomes.push('wait');
  if (INSTALMENT_PAYMENT_TYPES.includes(type)) outcomes.push('not-client');
  outcomes.push('error');
  return outcomes;
}

const isPending = (status: number): boolean => status <= PAYMENT_STATUS.processing;

/** Certificates bought on the site pay by card online (spec §4 type 2). */
const CERTIFICATE_PAYMENT_TYPE: PaymentType = 2;

/** A payment's target: an order by its hash, or a certificate purchase by its hash. */
interface Payable {
  target: PaymentTarget;
  paymentType: PaymentType;
  paymentParts: number;
  /** Kopecks. */
  amount: number;
  /** What the bank's page and the shopper's statement call it. */
  description: string;
  /** When the order's hold runs out (ISO 8601); null for a certificate purchase, which holds nothing. */
  expiresAt: string | null;
}

/** What the bank is asked to open: one payment, and where it sends the shopper back. */
export interface PaymentToOpen {
  paymentHash: string;
  /** Kopecks. */
  amount: number;
  paymentType: PaymentType;
  paymentParts: number;
  description: string;
  /** The shop's path the shopper returns to (the bank adds `?payment=<paymentHash>`). */
  returnPath: string;
  /** The bank must not take the money after this (ISO 8601); null: no limit. */
  expiresAt: string | null;
}

/**
 * Opens the payment at the bank and answers the page the shopper pays on; rejects with an
 * OrderProblem (503) when the bank cannot be asked, having changed nothing here.
 */
export type OpenPayment = (payment: PaymentToOpen) => Promise<string>;

function payable(deps: PaymentDeps, hash: string): Payable {
  const order = deps.orders.orderForPayment(hash);
  if (order) {
    const notOnline = (why: string) => new OrderProblem(409, ORDER_ERROR.notPaidOnline, why);
    if (order.kind === 'one-click' || order.paymentType === null) {
      throw notOnline('A one-click order is paid as agreed on the shop’s call, not online');
    }
    if (!ONLINE_PAYMENT_TYPES.includes(order.paymentType)) {
      throw notOnline(`Payment type ${order.paymentType} is paid on receipt, not online`);
    }
    // Spec §4 status 5: a canceled order is not paid; one whose hold ran out reads 5.
    if (order.status === 5) throw notOnline('The order is canceled: its time to pay ran out, or the shop canceled it');
    if (order.totalPrice <= 0) throw notOnline('The order has nothing to pay');
    return {
      target: { orderId: order.id },
      paymentType: order.paymentType,
      paymentParts: order.paymentParts,
      amount: order.totalPrice,
      description: `Замовлення № ${order.number}`,
      expiresAt: order.holdUntil,
    };
  }
  const certificate = deps.orders.certificateOrder(hash);
  if (certificate) {
    return {
      target: { certificateOrderId: certificate.id },
      paymentType: CERTIFICATE_PAYMENT_TYPE,
      paymentParts: 0,
      amount: certificate.nominal * 100,
      description: `Подарунковий сертифікат на ${formatHryvnias(certificate.nominal)} грн`,
      expiresAt: null,
    };
  }
  throw notFound('Order');
}

/** What `hash` would pay now, or the refusal: not payable online, canceled, already paid. */
function payableNow(deps: PaymentDeps, hash: string): Payable {
  const what = payable(deps, hash);
  if (deps.orders.isPaid(what.target)) {
    throw new OrderProblem(409, ORDER_ERROR.alreadyPaid, 'It is already paid');
  }
  return what;
}

/**
 * `POST /public/payment/new/{hash}`: a new attempt at the bank for an order or a certificate
 * purchase paid online, opened by `open` (the sandbox's page or the gateway). Judged before the bank
 * is asked, so a refusal asks nothing of it; written only once the bank has answered, and judged
 * again then (paid or canceled meanwhile), so a bank that fails leaves every earlier attempt as it was.
 */
export async function createPayment(
  deps: PaymentDeps,
  hash: string,
  returnUrl: string,
  open: OpenPayment,
): Promise<NewPayment> {
  const paymentHash = newHash();
  const asked = payableNow(deps, hash);
  const paymentUrl = await open({
    paymentHash,
    amount: asked.amount,
    paymentType: asked.paymentType,
    paymentParts: asked.paymentParts,
    description: asked.description,
    returnPath: returnUrl,
    expiresAt: asked.expiresAt,
  });
  inTransaction(deps.db, () => {
    deps.orders.cancelExpiredHolds();
    const what = payableNow(deps, hash);
    const now = deps.now().toISOString();
    deps.orders.closePendingPayments(what.target, PAYMENT_STATUS.expired, now);
    deps.orders.insertPayment({
      hash: paymentHash,
      orderId: 'orderId' in what.target ? what.target.orderId : null,
      certificateOrderId: 'certificateOrderId' in what.target ? what.target.certificateOrderId : null,
      paymentType: what.paymentType,
      paymentParts: what.paymentParts,
      amount: what.amount,
      status: PAYMENT_STATUS.created,
      returnUrl,
      now,
    });
  });
  return { paymentHash, paymentUrl };
}

/** Gift certificate keys: 16 characters like the seeded ones, "BBS" and 13 of an alphabet without 0/O and 1/I. */
const KEY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
function newCertificateKey(): string {
  let key = 'BBS';
  for (let i = 0; i < 13; i++) key += KEY_ALPHABET.charAt(randomInt(KEY_ALPHABET.length));
  return key;
}

/** A year after `today` (YYYY-MM-DD): bought certificates are valid for a year, as Ukrainian shops' are. */
function aYearAfter(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * Records the bank's answer about a payment: what its server-to-server callback says (the gateway's,
 * gatewayRoutes.ts; the sandbox's buttons call this directly). Only a pending payment changes; a
 * second answer, or one for a payment a newer one replaced, changes nothing (callbacks are
 * retried). An outcome the payment's type cannot have (waiting in the app for a card payment) is a
 * 400. Holds that ran out are recorded first, so an approval after its order's hold ran out finds
 * the order canceled and leaves it so.
 */
export function recordBankOutcome(deps: PaymentDeps, paymentHash: string, outcome: BankOutcome): PaymentRow {
  return inTransaction(deps.db, () => {
    deps.orders.cancelExpiredHolds();
    const payment = deps.orders.payment(paymentHash);
    if (!payment) throw notFound('Payment');
    if (!outcomesFor(payment.paymentType).includes(outcome)) {
      throw new OrderProblem(
        400,
        ORDER_ERROR.invalid,
        `A payment of type ${payment.paymentType} cannot be “${outcome}”`,
      );
    }
    if (!isPending(payment.status)) {
      // Money taken on an attempt a newer one replaced: nothing here changes, but a person must refund it.
      if (outcome === 'approve' && payment.status === PAYMENT_STATUS.expired) {
        log.error(`[order] the bank approved payment ${payment.hash}, which a newer attempt replaced: refund it`);
      }
      return payment;
    }
    const status = BANK_OUTCOMES[outcome];
    deps.orders.setPaymentStatus(payment.id, status, deps.now().toISOString());
    if (status === PAYMENT_STATUS.approved && payment.orderId !== null && !deps.orders.markPaid(payment.orderId)) {
      log.error(
        `[order] payment ${payment.hash} was approved after its order was canceled (its hold ran out): ` +
          'the order stays canceled and its goods are not held again; refund the payment or agree with the shopper',
      );
    }
    if (status === PAYMENT_STATUS.approved && payment.certificateOrderId !== null) {
      const purchase = deps.orders.certificateOrderById(payment.certificateOrderId);
      if (purchase && purchase.key === null) {
        let key = newCertificateKey();
        while (deps.orders.certificateKeyExists(key)) key = newCertificateKey();
        deps.orders.issueCertificate(purchase.id, key, purchase.nominal, aYearAfter(deps.today()));
      }
    }
    return { ...payment, status };
  });
}

/** The payment by its hash, for the bank's page. */
export function findPayment(deps: PaymentDeps, paymentHash: string): PaymentRow | null {
  return deps.orders.payment(paymentHash);
}

/** What a payment is for: an order (its number, for the bank's page) or a certificate purchase (its nominal). */
export type PaymentSubject =
  { kind: 'order'; hash: string; number: string } | { kind: 'certificate'; hash: string; nominal: number };

export function paymentSubject(deps: PaymentDeps, payment: PaymentRow): PaymentSubject {
  if (payment.orderId !== null) {
    const order = deps.orders.orderById(payment.orderId);
    return { kind: 'order', hash: order?.hash ?? '', number: order?.number ?? '' };
  }
  const purchase =
    payment.certificateOrderId === null ? null : deps.orders.certificateOrderById(payment.certificateOrderId);
  return { kind: 'certificate', hash: purchase?.hash ?? '', nominal: purchase?.nominal ?? 0 };
}

/** `GET /public/payment/checkout/{paymentHash}`. */
export function paymentCheckout(deps: PaymentDeps, paymentHash: string): PaymentCheckout {
  const payment = deps.orders.payment(paymentHash);
  if (!payment) throw notFound('Payment');
  const subject = paymentSubject(deps, payment);
  return {
    paymentHash: payment.hash,
    kind: subject.kind,
    orderHash: subject.hash,
    status: payment.status,
    paymentType: payment.paymentType,
    paymentParts: payment.paymentParts,
    amount: payment.amount / 100,
  };
}

export type CertificatePurchaseBody = z.output<typeof certificatePurchaseSchema>;

/**
 * `POST /public/anon/order/gift-certificate`: a purchase to pay; answers its hash. With an
 * Idempotency-Key (optional here: a double click makes at most a second unpaid purchase) the same
 * key answers the same purchase, and another body with it is a 422.
 */
export function purchaseCertificate(
  deps: PaymentDeps,
  body: CertificatePurchaseBody,
  options: { shopper: Shopper; idempotencyKey: string | null },
): { status: 200 | 201; hash: string } {
  const hash = bodyHash('certificate', body);
  const key = options.idempotencyKey === null ? null : storedKey(options.shopper, options.idempotencyKey);
  return inTransaction(deps.db, () => {
    if (key !== null) {
      const used = deps.orders.certificateOrderByKey(key);
      if (used && used.bodyHash !== hash) {
        throw new OrderProblem(422, ORDER_ERROR.keyReused, 'This Idempotency-Key was used for another purchase');
      }
      if (used) return { status: 200, hash: used.hash };
    }
    const purchase = newHash();
    deps.orders.insertCertificateOrder({
      hash: purchase,
      customerId: options.shopper.customerId,
      idempotencyKey: key,
      bodyHash: hash,
      nominal: body.nominal,
      firstName: body.firstName,
      phone: body.phone,
      email: body.email,
      createdAt: deps.now().toISOString(),
    });
    return { status: 201, hash: purchase };
  });
}

/** `GET /public/anon/order/gift-certificate/{hash}`. */
export function readCertificateOrder(deps: PaymentDeps, hash: string): CertificateOrder {
  const purchase = deps.orders.certificateOrder(hash);
  if (!purchase) throw notFound('Certificate purchase');
  return {
    hash: purchase.hash,
    nominal: purchase.nominal,
    paymentStatus: deps.orders.latestPaymentStatus({ certificateOrderId: purchase.id }) ?? PAYMENT_STATUS.new,
    key: purchase.key,
    balance: purchase.balance ?? 0,
    validUntil: purchase.validUntil,
  };
}
