// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { specMessage } from '../../src/domain/validation/specMessages.ts';

/** The page is Russian (no `lang` on happy-dom's <html>): the spec's message in Russian. */
const REQUIRED_MESSAGE = specMessage('required', 'ru');
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';
import { lines } from './support/checkoutStoreFixtures.ts';

/**
 * The messages next to the checkout's fields (src/stores/checkout/checkoutErrors.ts): none before
 * the first try to send, then the rules' following every change, or the order service's refusal
 * until the shopper changes the form.
 */

vi.mock(import('../../src/stores/checkoutClients.ts'), () => ({}));

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  $ = await freshCheckout();
  $.$basket.set({ items: lines({}), certificates: [], lastUpdatedTime: null });
});

const messageOf = (field: string) => $.$checkoutErrors.get().find((e) => e.field === field)?.message;

describe('the checkout’s field messages', () => {
  it('shows none before the shopper first tries to send, however empty the form', () => {
    $.updateField('phone', '');
    expect($.$checkoutErrors.get()).toEqual([]);
  });

  it('then shows the rules’ messages, and they follow every change', () => {
    $.showRuleMessages();
    expect(messageOf('phone')).toBe(REQUIRED_MESSAGE);
    expect(messageOf('firstName')).toBe(REQUIRED_MESSAGE);
    $.updateField('firstName', 'Олена');
    expect(messageOf('firstName')).toBeUndefined();
    expect(messageOf('phone')).toBe(REQUIRED_MESSAGE);
  });

  it('keeps the order service’s refusal until the form changes, then goes back to the rules', () => {
    $.updateField('firstName', 'Олена');
    $.showRefusal([{ field: 'firstName', message: 'Имя не принято сервисом' }]);
    expect($.$checkoutErrors.get()).toEqual([{ field: 'firstName', message: 'Имя не принято сервисом' }]);
    // The basket checked again does not make the shopper's refusal disappear.
    $.$basket.set({ ...$.$basket.get(), lastUpdatedTime: 1 });
    expect(messageOf('firstName')).toBe('Имя не принято сервисом');
    $.updateField('lastName', 'Коваль');
    expect(messageOf('firstName')).toBeUndefined();
    expect(messageOf('phone')).toBe(REQUIRED_MESSAGE);
  });

  it('drops a refusal when the order goes out again, and keeps the rules on', () => {
    $.showRefusal([{ field: 'email', message: 'Не тот адрес' }]);
    $.clearRefusal();
    expect(messageOf('email')).toBeUndefined();
    expect(messageOf('phone')).toBe(REQUIRED_MESSAGE);
  });

  it('leaves the form quiet when a first send passes the rules', () => {
    $.clearRefusal();
    expect($.$checkoutErrors.get()).toEqual([]);
  });
});

describe('a field judged as the shopper leaves it (issue 29)', () => {
  it('says nothing of an empty field passed on the way down', () => {
    $.leaveField('phone', '');
    expect($.$checkoutErrors.get()).toEqual([]);
  });

  it('judges a typed field once left, and only that field, following every change', () => {
    $.updateField('phone', '+380 93 123 4');
    $.leaveField('phone', '+380 93 123 4');
    expect($.$checkoutErrors.get()).toEqual([{ field: 'phone', message: specMessage('phoneShort', 'ru') }]);
    $.updateField('phone', '+380 93 123 45 67');
    expect($.$checkoutErrors.get()).toEqual([]);
    // Emptied after it was left: now it is required.
    $.updateField('phone', '');
    expect(messageOf('phone')).toBe(REQUIRED_MESSAGE);
    expect(messageOf('firstName')).toBeUndefined();
  });
});
