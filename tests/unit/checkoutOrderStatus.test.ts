import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS, type PaymentType } from '../../src/api/schemas/order.ts';
import {
  lineStatusLabel,
  orderStatusView,
  paymentStatusKind,
  paymentStatusView,
  type OrderStatusClass,
  type PaymentStatusKind,
} from '../../src/domain/checkout/orderStatus.ts';

/** How an order, its payment and its lines read (spec §4 "Order status", "Payment types"). */

describe('order status: label and style class per code', () => {
  it.each<[number, string, string, OrderStatusClass]>([
    [0, 'Новый заказ', 'Нове замовлення', 'new-order'],
    [1, 'Новый заказ', 'Нове замовлення', 'new-order'],
    [7, 'Новый заказ', 'Нове замовлення', 'new-order'],
    [2, 'Собирается', 'Збирається', 'in-work-order'],
    [3, 'Передан на доставку', 'Передано на доставку', 'in-work-order'],
    [4, 'В пути', 'В дорозі', 'in-work-order'],
    [8, 'Частично собран', 'Частково зібрано', 'in-work-order'],
    [9, 'Собран', 'Зібрано', 'in-work-order'],
    [5, 'Отменен', 'Скасовано', 'canceled-order'],
    [6, 'Доставлен', 'Доставлено', 'done-order'],
  ])('code %i reads «%s» / «%s», class %s', (code, ru, uk, className) => {
    expect(orderStatusView(code, 'ru')).toEqual({ label: ru, className });
    expect(orderStatusView(code, 'uk')).toEqual({ label: uk, className });
  });

  it.each([10, -1, 2.5, Number.NaN])('an unknown code %d reads as a new order', (code) => {
    expect(orderStatusView(code, 'ru')).toEqual({ label: 'Новый заказ', className: 'new-order' });
  });
});

describe('payment status', () => {
  it.each<[number, PaymentStatusKind | null]>([
    [0, 'pending'],
    [1, 'pending'],
    [2, 'pending'],
    [3, 'success'],
    [4, 'failed'],
    [5, 'failed'],
    [6, 'failed'],
    [7, 'failed'],
    [8, 'error'],
    [9, 'notBankClient'],
    [10, null],
    [-1, null],
    [4.5, null],
  ])('code %i is %s', (code, kind) => {
    expect(paymentStatusKind(code)).toBe(kind);
  });

  it('agrees with the contract’s named statuses', () => {
    expect(paymentStatusKind(PAYMENT_STATUS.new)).toBe('pending');
    expect(paymentStatusKind(PAYMENT_STATUS.processing)).toBe('pending');
    expect(paymentStatusKind(PAYMENT_STATUS.approved)).toBe('success');
    expect(paymentStatusKind(PAYMENT_STATUS.declined)).toBe('failed');
    expect(paymentStatusKind(PAYMENT_STATUS.undefined)).toBe('failed');
    expect(paymentStatusKind(PAYMENT_STATUS.error)).toBe('error');
    expect(paymentStatusKind(PAYMENT_STATUS.notBankClient)).toBe('notBankClient');
  });

  it.each<[number, string, string]>([
    [0, 'Ожидается оплата', 'Очікується оплата'],
    [3, 'Оплачено', 'Оплачено'],
    [5, 'Оплата не прошла', 'Оплата не пройшла'],
    [8, 'Ошибка оплаты', 'Помилка оплати'],
    [9, 'Оплата частями доступна только клиентам банка', 'Оплата частинами доступна лише клієнтам банку'],
  ])('a card payment with status %i says «%s» / «%s»', (status, ru, uk) => {
    expect(paymentStatusView(2, status, 'ru')?.text).toBe(ru);
    expect(paymentStatusView(2, status, 'uk')?.text).toBe(uk);
  });

  it.each([0, 1, 2])('a pending type-10 instalment (status %i) is awaited in the bank’s app', (status) => {
    expect(paymentStatusView(10, status, 'ru')).toEqual({
      kind: 'pending',
      text: 'Ожидается оплата в приложении monobank',
    });
    expect(paymentStatusView(10, status, 'uk')?.text).toBe('Очікується оплата в застосунку monobank');
  });

  it('a pending type-8 instalment is only pending', () => {
    expect(paymentStatusView(8, 1, 'ru')?.text).toBe('Ожидается оплата');
  });

  it.each<[PaymentType, number | null]>([
    [1, 0],
    [1, 3],
    [1, null],
    [2, null],
    [3, null],
    [2, 12],
  ])('type %i with status %s shows no payment status (cash never does)', (type, status) => {
    expect(paymentStatusView(type, status, 'ru')).toBeNull();
  });

  it.each<PaymentType>([2, 3, 5, 6, 7, 8, 9, 10])('type %i shows a status it has', (type) => {
    expect(paymentStatusView(type, 3, 'uk')).toEqual({ kind: 'success', text: 'Оплачено' });
  });
});

describe('line status labels (spec §4 0–5)', () => {
  it.each<[number, string, string]>([
    [0, 'Новый', 'Новий'],
    [1, 'Зарезервирован', 'Зарезервовано'],
    [2, 'Отменен', 'Скасовано'],
    [3, 'Ожидает доставки', 'Очікує доставки'],
    [4, 'Передан', 'Передано'],
    [5, 'Отказ', 'Відмова'],
  ])('%i reads «%s» / «%s»', (code, ru, uk) => {
    expect(lineStatusLabel(code, 'ru')).toBe(ru);
    expect(lineStatusLabel(code, 'uk')).toBe(uk);
  });

  it.each([6, -1, 1.5])('an unknown code %d reads as nothing', (code) => {
    expect(lineStatusLabel(code, 'ru')).toBe('');
  });
});
