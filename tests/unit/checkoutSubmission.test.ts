import { describe, expect, it } from 'vitest';
import {
  ORDER_RETRY_DELAYS_MS,
  formFieldOf,
  intentFor,
  isRetryable,
  parseOrderIntent,
  refusalErrors,
  type AttemptFailure,
} from '../../src/domain/checkout/orderSubmission.ts';

/** Sending the order once per intent over a flaky connection (issue 10). */

describe('isRetryable', () => {
  it.each<[AttemptFailure, boolean]>([
    [{ kind: 'timeout', status: 0 }, true],
    [{ kind: 'network', status: 0 }, true],
    // A 2xx the client could not read may be a placed order: the same key answers it again.
    [{ kind: 'parse', status: 200 }, true],
    [{ kind: 'http', status: 500 }, true],
    [{ kind: 'http', status: 502 }, true],
    [{ kind: 'http', status: 503 }, true],
    [{ kind: 'http', status: 408 }, true],
    [{ kind: 'http', status: 429 }, true],
    [{ kind: 'http', status: 400 }, false],
    [{ kind: 'http', status: 409 }, false],
    [{ kind: 'http', status: 422 }, false],
    [{ kind: 'http', status: 404 }, false],
  ])('%j → %s', (failure, expected) => {
    expect(isRetryable(failure)).toBe(expected);
  });

  it('retries a few times with growing pauses, then leaves it to the shopper', () => {
    expect(ORDER_RETRY_DELAYS_MS.length).toBeGreaterThanOrEqual(2);
    expect([...ORDER_RETRY_DELAYS_MS].sort((a, b) => a - b)).toEqual([...ORDER_RETRY_DELAYS_MS]);
  });
});

describe('intentFor', () => {
  let n = 0;
  const newKey = () => `key-000000000000000${++n}`;

  it('makes a key for a first submission', () => {
    const intent = intentFor(null, '{"a":1}', newKey);
    expect(intent.body).toBe('{"a":1}');
    expect(intent.key).toMatch(/^key-/);
  });

  it('keeps the key for the very same order (a retry, a second click, a reload while sending)', () => {
    const first = intentFor(null, '{"a":1}', newKey);
    expect(intentFor(first, '{"a":1}', newKey)).toBe(first);
  });

  it('makes a new key when the order changed (the service refuses a known key with another body)', () => {
    const first = intentFor(null, '{"a":1}', newKey);
    const second = intentFor(first, '{"a":2}', newKey);
    expect(second.key).not.toBe(first.key);
    expect(second.body).toBe('{"a":2}');
  });
});

describe('parseOrderIntent', () => {
  it('reads back what was stored', () => {
    const intent = { key: '0b9c8f3e-2d1a-4c5b-9e8f-7a6b5c4d3e2f', body: '{"phone":"380501234567"}' };
    expect(parseOrderIntent(JSON.stringify(intent))).toEqual(intent);
  });

  it.each([
    null,
    '',
    'not json',
    '[]',
    '{"key":"short","body":"{}"}',
    '{"key":"0b9c8f3e-2d1a-4c5b-9e8f-7a6b5c4d3e2f"}',
    '{"key":"0b9c8f3e 2d1a 4c5b 9e8f 7a6b5c4d3e2f","body":"{}"}',
    '{"key":12345678901234567,"body":"{}"}',
  ])('never trusts %j', (raw) => {
    expect(parseOrderIntent(raw)).toBeNull();
  });
});

describe('formFieldOf', () => {
  it.each([
    ['phone', 'phone'],
    ['firstName', 'firstName'],
    ['items.0.quantity', 'items'],
    ['items', 'items'],
    ['deliveryBranch', 'deliveryBranchRef'],
    ['deliveryBranchRef', 'deliveryBranchRef'],
    ['deliveryShop', 'shopRef'],
    ['cityRef', 'city'],
    ['cityId', 'city'],
    ['deliveryCarrier', 'deliveryMethodSlug'],
    ['paymentParts', 'paymentParts'],
    ['streetTypeName', 'street'],
    ['certificates.1.key', 'items'],
    ['tryClothes', 'tryClothes'],
    ['somethingElse', null],
    ['', null],
  ])('%s → %s', (path, field) => {
    expect(formFieldOf(path)).toBe(field);
  });
});

describe('refusalErrors', () => {
  it('puts each message next to its field, the first per field, and the rest above the button', () => {
    const { errors, general } = refusalErrors(
      [
        { field: 'phone', message: 'Номер телефону має починатись з +380' },
        { field: 'phone', message: 'second' },
        { field: 'deliveryBranch', message: 'Отделение не найдено' },
        { field: 'items.0.quantity', message: 'Недостаточно товара «Боди»: доступно 0 шт.' },
        { field: 'items.1.quantity', message: 'Недостаточно товара «Боди»: доступно 0 шт.' },
        { field: 'mystery', message: 'Что-то не так' },
      ],
      'uk',
    );
    expect(errors).toEqual([
      { field: 'phone', message: 'Номер телефону має починатись з +380' },
      { field: 'deliveryBranchRef', message: 'Отделение не найдено' },
    ]);
    expect(general).toEqual(['Недостаточно товара «Боди»: доступно 0 шт.', 'Что-то не так']);
  });

  it('shows the spec’s messages in the page’s language (the service words them as the spec does)', () => {
    const refusal = [
      { field: 'phone', message: 'Номер телефону має починатись з +380' },
      { field: 'recipientFirstName', message: 'Поле обовязкове до заповнення' },
    ];
    expect(refusalErrors(refusal, 'ru').errors).toEqual([
      { field: 'phone', message: 'Номер телефона должен начинаться с +380' },
      { field: 'recipientFirstName', message: 'Поле обязательно для заполнения' },
    ]);
    expect(refusalErrors(refusal, 'uk').errors).toEqual([
      { field: 'phone', message: 'Номер телефону має починатись з +380' },
      { field: 'recipientFirstName', message: 'Поле обов’язкове до заповнення' },
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(refusalErrors([], 'ru')).toEqual({ errors: [], general: [] });
  });
});
