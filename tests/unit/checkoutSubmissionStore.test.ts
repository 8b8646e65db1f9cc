// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '../../src/api/schemas/delivery.ts';
import type { Order } from '../../src/api/schemas/order.ts';
import type { OrderRefusal } from '../../src/stores/checkoutClients.ts';
import type { AttemptFailure } from '../../src/domain/checkout/orderSubmission.ts';
import { specMessage } from '../../src/domain/validation/specMessages.ts';

/** The page is Russian (no `lang` on happy-dom's <html>): the spec's message in Russian. */
const REQUIRED_MESSAGE = specMessage('required', 'ru');
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';
import { branch, deferred, KYIV, KYIV_METHODS, lines, placedOrder, SHOPS } from './support/checkoutStoreFixtures.ts';

/**
 * Sending the order (src/stores/checkout/checkoutSubmission.ts): the rules first, then the order
 * service with the intent's key; a lost answer retried after a pause with the same key, a refusal
 * laid on the fields, the basket emptied and the draft reset only once the order exists.
 */

/** How the fake service fails: no answer (retried), or a refusal of the order. */
class NoAnswer extends Error {
  readonly failure: AttemptFailure = { kind: 'timeout', status: 0 };
}
class Refused extends Error {
  readonly refusal: OrderRefusal;
  constructor(refusal: OrderRefusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

const clients = vi.hoisted(() => ({
  browserApi: vi.fn((locale: string) => ({ locale })),
  babyBundleIdsAmong: vi.fn(() => Promise.resolve(new Set<number>())),
  createAnonymousOrder: vi.fn<(client: unknown, payload: unknown, key: string, options: unknown) => Promise<Order>>(),
  createAccountOrder: vi.fn(),
  saveCheckoutLocation: vi.fn((_body: unknown, _locale: string, _timeoutMs: number) =>
    Promise.resolve({ ok: true, value: {} }),
  ),
  attemptFailure: vi.fn(),
  orderRefusal: vi.fn(),
}));
// Fakes of the service clients only, untyped: the store passes them what it got from browserApi.
vi.mock('../../src/stores/checkoutClients.ts', () => clients);

const KYIV_WITH_METHODS: Settlement = { ...KYIV, deliveryMethods: KYIV_METHODS };
const assign = vi.fn();

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const fake of Object.values(clients)) fake.mockClear();
  clients.createAnonymousOrder.mockReset();
  clients.attemptFailure.mockImplementation((error: unknown) => (error instanceof NoAnswer ? error.failure : null));
  clients.orderRefusal.mockImplementation((error: unknown) => (error instanceof Refused ? error.refusal : null));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('location', { ...window.location, assign });
  assign.mockClear();
  $ = await freshCheckout();
  $.$basket.set({ items: lines({ count: 2 }), certificates: [], lastUpdatedTime: null });
  $.$shopConfigs.set(SHOPS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The form as a shopper fills it: contact, Kyiv, a Nova Poshta branch, cash. */
function fillForm(): void {
  $.updateField('phone', '+380 50 123 45 67');
  $.updateField('firstName', 'Олена');
  $.updateField('lastName', 'Коваль');
  $.chooseCity(KYIV_WITH_METHODS);
  $.chooseDeliveryMethod('np-warehouse');
  $.chooseBranch(branch(1));
}

const refusal = (over: Partial<OrderRefusal> = {}): OrderRefusal => ({
  message: 'Заказ не принят',
  fields: [],
  basketChanged: false,
  keyReused: false,
  ...over,
});

describe('sending the order', () => {
  it('with the rules broken sends nothing: the messages show and the first field takes the focus', async () => {
    const phone = document.createElement('input');
    phone.id = 'checkout-phone';
    document.body.append(phone);
    await $.submitOrder();
    expect(clients.createAnonymousOrder).not.toHaveBeenCalled();
    expect($.$submission.get()).toEqual({ status: 'idle' });
    expect($.$checkoutErrors.get()[0]).toEqual({ field: 'phone', message: REQUIRED_MESSAGE });
    await vi.waitFor(() => expect(document.activeElement).toBe(phone));
    phone.remove();
  });

  it('offline (the browser knows) sends nothing, keeps no intent and says so', async () => {
    fillForm();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await $.submitOrder();
    expect(clients.createAnonymousOrder).not.toHaveBeenCalled();
    expect($.$submission.get()).toEqual({ status: 'offline' });
    expect($.readIntent()).toBeNull();
    expect($.$basket.get().items).toEqual(lines({ count: 2 }));
  });

  it('places the order once: the basket empties, the draft keeps who the shopper is, the order’s page opens', async () => {
    fillForm();
    clients.createAnonymousOrder.mockResolvedValueOnce(placedOrder({ paymentType: 1, paymentStatus: null }));
    await $.submitOrder();
    expect(clients.createAnonymousOrder).toHaveBeenCalledOnce();
    const [client, payload, key] = clients.createAnonymousOrder.mock.calls[0] ?? [];
    expect(client).toEqual({ locale: 'ru' });
    expect(payload).toMatchObject({ phone: '380501234567', firstName: 'Олена', deliveryMethodSlug: 'np-warehouse' });
    expect(typeof key).toBe('string');
    expect($.$submission.get()).toEqual({
      status: 'placed',
      order: placedOrder({ paymentType: 1, paymentStatus: null }),
    });
    expect($.$basket.get().items).toEqual([]);
    expect($.readIntent()).toBeNull();
    expect($.restoreDraft()).toMatchObject({ phone: '+380 50 123 45 67', firstName: 'Олена', city: null });
    expect(assign).toHaveBeenCalledWith('/order/placed-hash?placed=1');
  });

  it('an order paid online goes straight to the bank: the order page’s own pay form is posted', async () => {
    fillForm();
    const submitted: HTMLFormElement[] = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    clients.createAnonymousOrder.mockResolvedValueOnce(placedOrder({ paymentType: 2, paymentStatus: 0 }));
    await $.submitOrder();
    expect(assign).not.toHaveBeenCalled();
    expect(submitted).toHaveLength(1);
    expect(submitted[0]?.method).toBe('post');
    expect(new URL(submitted[0]?.action ?? '', 'http://shop').pathname).toBe('/order/placed-hash/pay');
    expect($.$basket.get().items).toEqual([]);
    submit.mockRestore();
  });

  it('a lost answer is retried after a pause with the same key, and says it is waiting', async () => {
    vi.useFakeTimers();
    fillForm();
    clients.createAnonymousOrder.mockRejectedValueOnce(new NoAnswer()).mockResolvedValueOnce(placedOrder());
    const sent = $.submitOrder();
    await vi.waitFor(() => expect($.$submission.get()).toEqual({ status: 'waiting', attempt: 1 }));
    await vi.advanceTimersByTimeAsync(1000);
    await sent;
    const keys = clients.createAnonymousOrder.mock.calls.map((call) => call[2]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect($.$submission.get().status).toBe('placed');
  });

  it('after every retry without an answer lets the shopper send again, with the same key', async () => {
    vi.useFakeTimers();
    fillForm();
    clients.createAnonymousOrder.mockRejectedValue(new NoAnswer());
    const sent = $.submitOrder();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    await sent;
    expect($.$submission.get()).toEqual({ status: 'offline' });
    expect(clients.createAnonymousOrder).toHaveBeenCalledTimes(4);
    const key: unknown = clients.createAnonymousOrder.mock.calls[0]?.[2];
    expect($.readIntent()?.key).toBe(key);
    clients.createAnonymousOrder.mockResolvedValueOnce(placedOrder());
    await $.submitOrder();
    expect(clients.createAnonymousOrder.mock.calls.at(-1)?.[2]).toBe(key);
  });

  it('ignores a second click while the order is on its way', async () => {
    fillForm();
    const answer = deferred<ReturnType<typeof placedOrder>>();
    clients.createAnonymousOrder.mockReturnValueOnce(answer.promise);
    const first = $.submitOrder();
    await vi.waitFor(() => expect(clients.createAnonymousOrder).toHaveBeenCalledOnce());
    await $.submitOrder();
    answer.resolve(placedOrder());
    await first;
    expect(clients.createAnonymousOrder).toHaveBeenCalledOnce();
  });

  it('lays a refusal on its fields (the rest above the button) until the shopper changes the form', async () => {
    fillForm();
    clients.createAnonymousOrder.mockRejectedValueOnce(
      new Refused(
        refusal({
          fields: [
            { field: 'lastName', message: 'Фамилия не принята' },
            { field: 'items.0.quantity', message: 'Товара меньше, чем в заказе' },
          ],
        }),
      ),
    );
    await $.submitOrder();
    expect($.$submission.get()).toEqual({ status: 'refused', messages: ['Товара меньше, чем в заказе'] });
    expect($.$checkoutErrors.get()).toEqual([{ field: 'lastName', message: 'Фамилия не принята' }]);
    expect($.$basket.get().items).toHaveLength(1);
    $.updateField('lastName', 'Коваленко');
    expect($.$checkoutErrors.get()).toEqual([]);
  });

  it('shows the service’s message when the refusal names no field', async () => {
    fillForm();
    clients.createAnonymousOrder.mockRejectedValueOnce(new Refused(refusal()));
    await $.submitOrder();
    expect($.$submission.get()).toEqual({ status: 'refused', messages: ['Заказ не принят'] });
  });

  it('forgets the key after a changed basket or a reused key, so the next send is a new intent', async () => {
    fillForm();
    clients.createAnonymousOrder.mockRejectedValueOnce(new Refused(refusal({ keyReused: true })));
    await $.submitOrder();
    expect($.readIntent()).toBeNull();
    clients.createAnonymousOrder.mockRejectedValueOnce(new Refused(refusal()));
    await $.submitOrder();
    expect($.readIntent()).not.toBeNull();
  });

  it('a failure that is neither a lost answer nor a refusal says so, and the shopper may send again', async () => {
    fillForm();
    clients.createAnonymousOrder.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await $.submitOrder();
    expect($.$submission.get()).toEqual({ status: 'offline' });
    expect($.isSubmitting($.$submission.get())).toBe(false);
  });

  it('sends a signed-in shopper’s order through the shop’s own endpoint', async () => {
    document.cookie = 'bbs_customer=tag123; path=/';
    fillForm();
    clients.createAccountOrder.mockResolvedValueOnce(placedOrder());
    await $.submitOrder();
    expect(clients.createAnonymousOrder).not.toHaveBeenCalled();
    expect(clients.createAccountOrder).toHaveBeenCalledOnce();
    document.cookie = 'bbs_customer=; Max-Age=0; path=/';
  });

  it('saves the place to the account once the order exists, when the signed-in shopper asked, then leaves', async () => {
    document.cookie = 'bbs_customer=tag123; path=/';
    $.$checkoutShopper.set({ known: true, signedIn: true, bonusBalance: null });
    fillForm();
    expect($.$locationOffer.get()).toMatchObject({ body: { cityId: KYIV.id, branchRef: branch(1).ref } });
    $.$saveLocationWanted.set(true);
    const saving = deferred<{ ok: true; value: object }>();
    clients.saveCheckoutLocation.mockReturnValueOnce(saving.promise);
    clients.createAccountOrder.mockResolvedValueOnce(placedOrder({ paymentType: 1, paymentStatus: null }));
    const sent = $.submitOrder();
    await vi.waitFor(() => expect(clients.saveCheckoutLocation).toHaveBeenCalledOnce());
    expect(clients.saveCheckoutLocation.mock.calls[0]?.[0]).toMatchObject({
      cityId: KYIV.id,
      deliveryMethodSlug: 'np-warehouse',
      branchRef: branch(1).ref,
    });
    // The order's page waits for the place to be saved.
    expect(assign).not.toHaveBeenCalled();
    saving.resolve({ ok: true, value: {} });
    await sent;
    expect(assign).toHaveBeenCalledOnce();
    document.cookie = 'bbs_customer=; Max-Age=0; path=/';
  });

  it('saves nothing when the shopper did not ask, or the order was refused', async () => {
    $.$checkoutShopper.set({ known: true, signedIn: true, bonusBalance: null });
    fillForm();
    clients.createAnonymousOrder.mockRejectedValueOnce(new Refused(refusal()));
    $.$saveLocationWanted.set(true);
    await $.submitOrder();
    $.$saveLocationWanted.set(false);
    clients.createAnonymousOrder.mockResolvedValueOnce(placedOrder({ paymentType: 1, paymentStatus: null }));
    await $.submitOrder();
    expect(assign).toHaveBeenCalledOnce();
    expect(clients.saveCheckoutLocation).not.toHaveBeenCalled();
  });
});
