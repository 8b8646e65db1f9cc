// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '../../src/api/schemas/delivery.ts';
import { FUNNEL_STEP } from '../../src/domain/analytics/checkoutFunnel.ts';
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';
import {
  branch,
  deferred,
  KYIV,
  KYIV_METHODS,
  LVIV,
  lines,
  method,
  SHOPS,
  street,
} from './support/checkoutStoreFixtures.ts';

/**
 * The delivery as the shopper chooses it (src/stores/checkout/deliveryChoice.ts, deliveryFacts.ts):
 * the city, branch and street searches (200 ms after the last key, the answer to the newest text
 * only), the choices, and the city's methods read when the choice did not bring them.
 */

const clients = vi.hoisted(() => ({
  browserApi: vi.fn((locale: string) => ({ locale })),
  searchSettlementsWithDeliveryMethods:
    vi.fn<
      (
        client: unknown,
        text: string,
        params: unknown,
        options: { signal: AbortSignal },
      ) => Promise<{ items: Settlement[] }>
    >(),
  getSettlement: vi.fn(),
  getBranches: vi.fn(),
  getCombinedBranches: vi.fn(),
  searchStreets: vi.fn(),
}));
// Fakes of the service clients only, untyped: the store passes them what it got from browserApi.
vi.mock('../../src/stores/checkoutClients.ts', () => clients);

const SEARCH_DELAY_MS = 200;
const withMethods = (city: Settlement): Settlement => ({ ...city, deliveryMethods: KYIV_METHODS });

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  vi.useFakeTimers();
  for (const fake of Object.values(clients)) fake.mockClear();
  $ = await freshCheckout();
  $.$basket.set({ items: lines({}), certificates: [], lastUpdatedTime: null });
  $.$shopConfigs.set(SHOPS);
  $.$oftenUsedCities.set([KYIV, LVIV]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the city picker', () => {
  it('offers the often used cities while the text is under 2 characters, asking nothing', async () => {
    $.searchCities('К');
    await vi.advanceTimersByTimeAsync(1000);
    expect($.$cityOptions.get()).toEqual({ query: 'К', status: 'idle', items: [KYIV, LVIV] });
    expect(clients.searchSettlementsWithDeliveryMethods).not.toHaveBeenCalled();
  });

  it('searches 200 ms after the last key, in the page’s language, and shows the matches', async () => {
    clients.searchSettlementsWithDeliveryMethods.mockResolvedValue({ items: [LVIV] });
    $.searchCities('Ль');
    $.searchCities('Льв');
    expect($.$cityOptions.get()).toMatchObject({ query: 'Льв', status: 'loading' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(clients.searchSettlementsWithDeliveryMethods).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(clients.searchSettlementsWithDeliveryMethods).toHaveBeenCalledOnce();
    expect(clients.searchSettlementsWithDeliveryMethods.mock.calls[0]?.slice(0, 3)).toEqual([
      { locale: 'ru' },
      'Льв',
      { limit: 10 },
    ]);
    expect($.$cityOptions.get()).toEqual({ query: 'Льв', status: 'ready', items: [LVIV] });
  });

  it('cancels the search of an older text the moment the text changes: its answer never lands', async () => {
    const older = deferred<{ items: Settlement[] }>();
    clients.searchSettlementsWithDeliveryMethods.mockReturnValueOnce(older.promise);
    $.searchCities('Ки');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    const signal = clients.searchSettlementsWithDeliveryMethods.mock.calls[0]?.[3].signal;
    $.searchCities('Киї');
    expect(signal?.aborted).toBe(true);
    older.resolve({ items: [KYIV] });
    await vi.advanceTimersByTimeAsync(0);
    expect($.$cityOptions.get()).toMatchObject({ query: 'Киї', status: 'loading' });
  });

  it('says the search failed, and keeps quiet about a cancelled one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    clients.searchSettlementsWithDeliveryMethods.mockRejectedValueOnce(new Error('delivery 503'));
    $.searchCities('Ки');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect($.$cityOptions.get()).toEqual({ query: 'Ки', status: 'error', items: [] });
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it('chooses a city with its methods, and its branches and streets start afresh', () => {
    $.$branchOptions.set({
      slug: 'np-warehouse',
      query: '1',
      status: 'ready',
      items: [branch(1)],
      total: 1,
      carriers: [],
    });
    $.$streetOptions.set({ query: 'Кр', status: 'ready', items: [street()] });
    $.chooseCity(withMethods(KYIV));
    expect($.$checkoutForm.get().city?.id).toBe(KYIV.id);
    expect($.$cityMethods.get()).toEqual(KYIV_METHODS);
    expect($.$branchOptions.get()).toMatchObject({ slug: null, status: 'idle', items: [] });
    expect($.$streetOptions.get()).toMatchObject({ status: 'idle', items: [] });
  });

  it('reads the methods of a city chosen without them; a failure leaves the fallback (none from the service)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answer = deferred<Settlement>();
    clients.getSettlement.mockReturnValueOnce(answer.promise);
    $.chooseCity(KYIV);
    expect($.$cityMethods.get()).toBeNull();
    const known = $.cityMethodsKnown();
    answer.resolve(withMethods(KYIV));
    await known;
    expect($.$cityMethods.get()).toEqual(KYIV_METHODS);

    clients.getSettlement.mockRejectedValueOnce(new Error('delivery 503'));
    $.chooseCity(LVIV);
    await vi.waitFor(() => expect($.$cityMethods.get()).toEqual([]));
  });

  it('drops the methods read for a city the shopper has since changed', async () => {
    const kyiv = deferred<Settlement>();
    clients.getSettlement.mockReturnValueOnce(kyiv.promise);
    $.chooseCity(KYIV);
    $.chooseCity({ ...LVIV, deliveryMethods: [] });
    kyiv.resolve(withMethods(KYIV));
    await vi.advanceTimersByTimeAsync(0);
    expect($.$cityMethods.get()).toEqual([]);
  });
});

describe('the delivery method and its branch', () => {
  beforeEach(() => $.chooseCity(withMethods(KYIV)));

  it('a branch method lists the city’s branches at once, and tells analytics the delivery step', async () => {
    clients.getBranches.mockResolvedValue({ items: [branch(1), branch(2)], total: 140 });
    $.chooseDeliveryMethod('np-warehouse');
    expect($.$checkoutForm.get()).toMatchObject({ deliveryMethodSlug: 'np-warehouse', deliveryType: 1 });
    expect($.$branchOptions.get()).toMatchObject({ slug: 'np-warehouse', query: '', status: 'loading' });
    await vi.advanceTimersByTimeAsync(0);
    expect(clients.getBranches.mock.calls[0]?.slice(1, 3)).toEqual([
      KYIV.id,
      { deliverySlug: 'np-warehouse', searchName: '', limit: $.BRANCH_LIST_LIMIT, page: 0 },
    ]);
    expect($.$branchOptions.get()).toMatchObject({ status: 'ready', total: 140 });
    expect(window.bbsAnalytics).toContainEqual({
      kind: 'checkoutStep',
      step: FUNNEL_STEP.delivery,
      option: 'np-warehouse',
    });
  });

  it('ignores a method the city does not offer', () => {
    $.chooseDeliveryMethod('meest-courier');
    expect($.$checkoutForm.get().deliveryMethodSlug).toBeNull();
  });

  it('searches branches 200 ms after the last key, keeping the list shown meanwhile', async () => {
    clients.getBranches.mockResolvedValueOnce({ items: [branch(1), branch(2)], total: 2 });
    $.chooseDeliveryMethod('np-warehouse');
    await vi.advanceTimersByTimeAsync(0);
    clients.getBranches.mockResolvedValueOnce({ items: [branch(12)], total: 1 });
    $.searchBranches('12');
    expect($.$branchOptions.get()).toMatchObject({ query: '12', status: 'loading', total: 2 });
    expect($.$branchOptions.get().items).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect($.$branchOptions.get()).toEqual({
      slug: 'np-warehouse',
      query: '12',
      status: 'ready',
      items: [branch(12)],
      total: 1,
      carriers: [],
    });
  });

  it('chooses a branch as one line for the order', () => {
    clients.getBranches.mockResolvedValue({ items: [], total: 0 });
    $.chooseDeliveryMethod('np-warehouse');
    $.chooseBranch(branch(7));
    expect($.$checkoutForm.get()).toMatchObject({ deliveryBranchRef: 'np-7' });
    expect($.$checkoutForm.get().deliveryServiceOffice).toContain('7');
  });

  it('chooses a pickup shop by its ref', () => {
    $.chooseDeliveryMethod('pick-and-collect');
    $.chooseShop('shop-2');
    expect($.$checkoutForm.get()).toMatchObject({ deliveryType: 3, shopRef: 'shop-2' });
  });
});

describe('combined warehouses: a city with several carriers’ branches (spec §7)', () => {
  const ukrposhta = (number: number) =>
    branch(number, { ref: `u-${number}`, deliverySlug: 'u-warehouse', carrier: 3, title: `Укрпочта №${number}` });
  beforeEach(() =>
    $.chooseCity({ ...KYIV, deliveryMethods: [...KYIV_METHODS, method('u-warehouse', 40), method('np-postbox', 45)] }),
  );

  it('searches every offered carrier at once, the chosen one first, with the count per carrier', async () => {
    const carriers = [
      { deliverySlug: 'u-warehouse', total: 369 },
      { deliverySlug: 'np-warehouse', total: 656 },
      { deliverySlug: 'np-postbox', total: 1181 },
    ];
    clients.getCombinedBranches.mockResolvedValue({ items: [ukrposhta(1), branch(17)], total: 2206, carriers });
    $.chooseDeliveryMethod('u-warehouse');
    $.searchBranches('17');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(clients.getBranches).not.toHaveBeenCalled();
    expect(clients.getCombinedBranches.mock.calls.at(-1)?.slice(1, 3)).toEqual([
      KYIV.id,
      {
        deliverySlugs: ['u-warehouse', 'np-warehouse', 'np-postbox'],
        searchName: '17',
        limit: $.BRANCH_LIST_LIMIT,
        page: 0,
      },
    ]);
    expect($.$branchOptions.get()).toMatchObject({ slug: 'u-warehouse', status: 'ready', total: 2206, carriers });
  });

  it('a branch of another carrier chosen from the list chooses that carrier’s method (its price)', () => {
    clients.getCombinedBranches.mockResolvedValue({ items: [], total: 0, carriers: [] });
    $.chooseDeliveryMethod('u-warehouse');
    $.chooseBranch(branch(17));
    expect($.$checkoutForm.get()).toMatchObject({ deliveryMethodSlug: 'np-warehouse', deliveryBranchRef: 'np-17' });
    expect($.$chosenMethod.get()?.price).toBe(50);
    $.chooseBranch(ukrposhta(3));
    expect($.$checkoutForm.get()).toMatchObject({ deliveryMethodSlug: 'u-warehouse', deliveryBranchRef: 'u-3' });
    expect($.$chosenMethod.get()?.price).toBe(40);
  });

  it('a branch of a carrier the city does not offer for this basket is not chosen', () => {
    clients.getCombinedBranches.mockResolvedValue({ items: [], total: 0, carriers: [] });
    $.chooseDeliveryMethod('u-warehouse');
    $.chooseBranch(branch(5, { ref: 'j-5', deliverySlug: 'justin-warehouse' }));
    expect($.$checkoutForm.get()).toMatchObject({ deliveryMethodSlug: 'u-warehouse', deliveryBranchRef: '' });
  });
});

describe('the courier’s street', () => {
  beforeEach(() => {
    $.chooseCity(withMethods(KYIV));
    $.chooseDeliveryMethod('im-courier');
  });

  it('keeps the text as typed and offers the city’s matching streets from 2 characters', async () => {
    clients.searchStreets.mockResolvedValueOnce({ items: [street()] });
    $.typeStreet('К');
    expect($.$checkoutForm.get().street).toBe('К');
    expect($.$streetOptions.get().status).toBe('idle');
    $.typeStreet('Кре');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(clients.searchStreets.mock.calls[0]?.slice(1, 4)).toEqual([KYIV.id, 'Кре', { limit: 10 }]);
    expect($.$streetOptions.get()).toEqual({ query: 'Кре', status: 'ready', items: [street()] });
  });

  it('chooses a street: the form takes its name and type, the list closes and a search on its way is dropped', async () => {
    const answer = deferred<{ items: ReturnType<typeof street>[] }>();
    clients.searchStreets.mockReturnValueOnce(answer.promise);
    $.typeStreet('Кре');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    $.chooseStreet(street());
    answer.resolve({ items: [street(), street({ ref: 'street-2' })] });
    await vi.advanceTimersByTimeAsync(0);
    expect($.$checkoutForm.get()).toMatchObject({ street: 'Крещатик', streetRef: 'street-1' });
    expect($.$streetOptions.get()).toEqual({ query: '', status: 'idle', items: [] });
  });
});
