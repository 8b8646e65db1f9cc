// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '../../src/api/schemas/delivery.ts';
import type { SessionState, Shopper } from '../../src/api/schemas/session.ts';
import type { SavedLocation } from '../../src/api/schemas/user.ts';
import { FUNNEL_STEP, NEW_USER, REGISTERED_USER } from '../../src/domain/analytics/checkoutFunnel.ts';
import { initialCheckoutForm, serializeCheckoutDraft, withCity } from '../../src/domain/checkout/checkoutForm.ts';
import { PAYMENT_TYPE } from '../../src/domain/checkout/paymentRules.ts';
import { SESSION_CHANGE_EVENT } from '../../src/domain/session/customerHint.ts';
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';
import { branch, checkAnswer, KYIV, KYIV_METHODS, lines, LVIV, SHOPS } from './support/checkoutStoreFixtures.ts';

/**
 * The checkout as its page starts it (src/stores/checkout/startCheckout.ts, sessionPrefill.ts,
 * checkoutShopper.ts, checkoutDraft.ts): the draft of the tab restored and kept, the city's methods
 * and branches, the funnel's step, the shopper's session read (and the form filled from it), and
 * the payment and the points settled when the basket check or the balance changes them.
 */

const clients = vi.hoisted(() => ({
  browserApi: vi.fn((locale: string) => ({ locale })),
  babyBundleIdsAmong: vi.fn(),
  getSettlement: vi.fn(),
  getBranches: vi.fn(),
  findBranch: vi.fn(),
}));
// Fakes of the service clients only, untyped: the store passes them what it got from browserApi.
vi.mock('../../src/stores/checkoutClients.ts', () => clients);

/** The auth store as the checkout reads it: the session's state, a member's bonus summary. */
const auth = vi.hoisted(() => {
  const state: { session: SessionState | null; balance: number | null } = { session: null, balance: null };
  return {
    state,
    $session: { get: () => state.session },
    $bonusSummary: { get: () => (state.balance === null ? null : { activeAmount: state.balance }) },
    loadSession: vi.fn(() => Promise.resolve()),
    loadBonusSummary: vi.fn(() => Promise.resolve()),
  };
});
// Only what the checkout reads of the auth store; its atoms are read with get() alone.
vi.mock('../../src/stores/auth.ts', () => auth);

const DRAFT_KEY = 'bbs_checkout_draft_anon';
const withMethods = (city: Settlement): Settlement => ({ ...city, deliveryMethods: KYIV_METHODS });

function shopper(over: Partial<Shopper> = {}): Shopper {
  return {
    id: 7,
    firstName: 'Олена',
    lastName: 'Демченко',
    phone: '380501112233',
    email: 'demo@example.com',
    isMember: false,
    subscriptionDiscount: false,
    hasPassword: true,
    defaultLocation: null,
    ...over,
  };
}

const home: SavedLocation = {
  id: 1,
  isDefault: true,
  city: 'Київ',
  cityRef: KYIV.ref,
  cityId: KYIV.id,
  region: 'Київська',
  district: '',
  type: 1,
  deliveryMethodSlug: 'np-warehouse',
  carrier: 1,
  street: '',
  streetRef: '',
  streetTypeName: '',
  building: '',
  apartment: '',
  branchRef: 'np-7',
  branch: 'Відділення №7',
  shopRef: '',
};

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'bbs_customer=; Max-Age=0; path=/';
  document.cookie = 'bbs_city=; Max-Age=0; path=/';
  window.bbsAnalytics = [];
  auth.state.session = null;
  auth.state.balance = null;
  for (const fake of [...Object.values(clients), auth.loadSession, auth.loadBonusSummary]) fake.mockClear();
  clients.babyBundleIdsAmong.mockResolvedValue(new Set());
  clients.getBranches.mockResolvedValue({ items: [], total: 0 });
  // The basket check finds the network down: its failure is the check's own concern here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  $ = await freshCheckout();
  $.$basket.set({ items: lines({ count: 2 }), certificates: [], lastUpdatedTime: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const start = () => $.startCheckout({ oftenUsed: [KYIV, LVIV], shops: SHOPS });

describe('a guest’s checkout', () => {
  it('offers the often used cities and the shops the page read, and knows the shopper is a guest', async () => {
    start();
    expect($.$cityOptions.get()).toEqual({ query: '', status: 'idle', items: [KYIV, LVIV] });
    expect($.$shopConfigs.get()).toBe(SHOPS);
    await vi.waitFor(() =>
      expect($.$checkoutShopper.get()).toEqual({ known: true, signedIn: false, bonusBalance: null }),
    );
    expect(auth.loadSession).not.toHaveBeenCalled();
    expect(window.bbsAnalytics).toContainEqual({ kind: 'checkoutStep', step: FUNNEL_STEP.checkout, option: NEW_USER });
  });

  it('restores the tab’s draft, reads its city’s methods and lists its branches', async () => {
    const draft = {
      ...withCity(initialCheckoutForm(), KYIV, 'ru'),
      firstName: 'Марія',
      deliveryType: 1 as const,
      deliveryCarrier: 1,
      deliveryMethodSlug: 'np-warehouse' as const,
    };
    sessionStorage.setItem(DRAFT_KEY, serializeCheckoutDraft(draft));
    clients.getSettlement.mockResolvedValueOnce(withMethods(KYIV));
    start();
    expect($.$checkoutForm.get()).toMatchObject({ firstName: 'Марія', deliveryMethodSlug: 'np-warehouse' });
    await vi.waitFor(() => expect($.$cityMethods.get()).toEqual(KYIV_METHODS));
    await vi.waitFor(() => expect(clients.getBranches).toHaveBeenCalledOnce());
  });

  it('starts on the city remembered before (issue 25), and a city chosen here is remembered', async () => {
    document.cookie = `bbs_city=${LVIV.id}; path=/`;
    clients.getSettlement.mockResolvedValueOnce({ ...LVIV, deliveryMethods: [] });
    start();
    await vi.waitFor(() => expect($.$checkoutForm.get().city?.id).toBe(LVIV.id));
    expect(clients.getSettlement).toHaveBeenCalledWith(expect.anything(), LVIV.id);
    $.chooseCity(withMethods(KYIV));
    expect(document.cookie).toContain(`bbs_city=${KYIV.id}`);
  });

  it('saves the draft on every change', () => {
    start();
    $.updateField('firstName', 'Олена');
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ firstName: 'Олена' });
  });

  it('starts once per page', () => {
    start();
    $.updateField('firstName', 'Олена');
    $.startCheckout({ oftenUsed: [], shops: null });
    expect($.$checkoutForm.get().firstName).toBe('Олена');
    expect($.$shopConfigs.get()).toBe(SHOPS);
  });

  it('settles the payment when the basket check’s prices no longer allow it', async () => {
    start();
    $.chooseCity(withMethods(KYIV));
    $.chooseDeliveryMethod('np-warehouse');
    $.choosePayment(PAYMENT_TYPE.instalments);
    $.$basket.set({ items: lines({ input: { sellingPrice: 100 } }), certificates: [], lastUpdatedTime: null });
    $.$basketCheck.set({ status: 'ready', response: checkAnswer(), refused: [] });
    await vi.waitFor(() => expect($.$checkoutForm.get().paymentType).toBe(PAYMENT_TYPE.cash));
  });
});

describe('a signed-in shopper’s checkout', () => {
  beforeEach(() => {
    document.cookie = 'bbs_customer=tag123; path=/';
  });

  it('is signed in by the hint before the session is read, then fills the contact from it', async () => {
    auth.state.session = { signedIn: true, shopper: shopper(), bonusGranted: false };
    start();
    expect($.$checkoutShopper.get()).toMatchObject({ known: false, signedIn: true });
    await vi.waitFor(() =>
      expect($.$checkoutShopper.get()).toEqual({ known: true, signedIn: true, bonusBalance: null }),
    );
    expect(auth.loadSession).toHaveBeenCalledOnce();
    expect($.$checkoutForm.get()).toMatchObject({
      firstName: 'Олена',
      lastName: 'Демченко',
      email: 'demo@example.com',
    });
    expect(window.bbsAnalytics).toContainEqual({
      kind: 'checkoutStep',
      step: FUNNEL_STEP.login,
      option: REGISTERED_USER,
    });
  });

  it('reads a member’s balance, and an amount of points above it comes down once it is known', async () => {
    auth.state.session = { signedIn: true, shopper: shopper({ isMember: true }), bonusGranted: false };
    auth.state.balance = 40;
    sessionStorage.setItem(DRAFT_KEY, serializeCheckoutDraft({ ...initialCheckoutForm(), usedBonuses: 90 }));
    $.$basketCheck.set({ status: 'ready', response: checkAnswer({ bonusMaxPayment: 500 }), refused: [] });
    start();
    // The draft's amount waits for the balance instead of being dropped while it loads.
    expect($.$checkoutForm.get().usedBonuses).toBe(90);
    await vi.waitFor(() => expect($.$checkoutShopper.get()).toEqual({ known: true, signedIn: true, bonusBalance: 40 }));
    expect($.$checkoutForm.get().usedBonuses).toBe(40);
  });

  it('chooses the default location: its city, its method and its branch read back from the service', async () => {
    auth.state.session = { signedIn: true, shopper: shopper({ defaultLocation: home }), bonusGranted: false };
    clients.getSettlement.mockResolvedValue(withMethods(KYIV));
    clients.findBranch.mockResolvedValueOnce(branch(7));
    $.$shopConfigs.set(SHOPS);
    start();
    await vi.waitFor(() => expect($.$checkoutForm.get().deliveryBranchRef).toBe('np-7'));
    expect($.$checkoutForm.get()).toMatchObject({ deliveryMethodSlug: 'np-warehouse' });
    expect($.$checkoutForm.get().city?.id).toBe(KYIV.id);
    expect(clients.findBranch).toHaveBeenCalledWith({ locale: 'ru' }, KYIV.id, 'np-warehouse', 'np-7');
  });

  it('keeps the city the shopper chose while the default one was being read', async () => {
    auth.state.session = { signedIn: true, shopper: shopper({ defaultLocation: home }), bonusGranted: false };
    let answer: (city: Settlement) => void = () => {};
    clients.getSettlement.mockReturnValueOnce(new Promise<Settlement>((resolve) => (answer = resolve)));
    start();
    await vi.waitFor(() => expect(clients.getSettlement).toHaveBeenCalledOnce());
    $.chooseCity({ ...LVIV, deliveryMethods: [] });
    answer(withMethods(KYIV));
    await vi.waitFor(() => expect($.$checkoutShopper.get().known).toBe(true));
    expect($.$checkoutForm.get().city?.id).toBe(LVIV.id);
  });
});

describe('a sign-in from the checkout’s «Войти»', () => {
  it('fills the form from the auth store’s own state, whatever the event says', async () => {
    start();
    await vi.waitFor(() => expect($.$checkoutShopper.get().known).toBe(true));
    auth.state.session = { signedIn: true, shopper: shopper({ firstName: 'Ірина' }), bonusGranted: false };
    window.dispatchEvent(
      new CustomEvent(SESSION_CHANGE_EVENT, { detail: { signedIn: true, shopper: shopper({ firstName: 'Злом' }) } }),
    );
    await vi.waitFor(() => expect($.$checkoutForm.get().firstName).toBe('Ірина'));
    expect($.$checkoutShopper.get()).toEqual({ known: true, signedIn: true, bonusBalance: null });
  });
});
