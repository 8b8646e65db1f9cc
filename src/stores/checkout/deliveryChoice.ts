import { log } from '../../log/log.ts';
import { atom } from 'nanostores';
import type {
  Branch,
  BranchDeliverySlug,
  CombinedBranchList,
  DeliveryMethodSlug,
  Settlement,
  Street,
} from '../../api/schemas/delivery.ts';
import { FUNNEL_STEP } from '../../domain/analytics/checkoutFunnel.ts';
import {
  withBranch,
  withCity,
  withDeliveryMethod,
  withShop,
  withStreet,
  withTypedStreet,
} from '../../domain/checkout/checkoutForm.ts';
import { branchSearchSlugs } from '../../domain/checkout/combinedBranches.ts';
import { DELIVERY_TYPE, isBranchSlug } from '../../domain/checkout/deliveryRules.ts';
import { track } from '../analytics.ts';
import { newestAnswer, pageLocale } from '../net.ts';
import { $checkoutContext, paymentFactsOf } from './checkoutContext.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { $cityMethods, loadCityMethods } from './deliveryFacts.ts';
import { checkoutClients } from './serviceClients.ts';
import { rememberDeliveryCity } from '../deliveryCity.ts';

/**
 * The delivery as the shopper chooses it (spec §5): the city, searched as they type; the method the
 * city offers for this basket; then the carrier's branch (searched by number or street), the
 * courier's street or the shop. Each search shows only the answer to the newest text
 * (src/stores/net.ts), and its field shows the store's `query`, so an answer to older text is
 * cancelled the moment the text changes, never left to land.
 */

type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Settlements offered by the city picker: the often used ones before anything is typed, then matches. */
export interface CityOptions {
  query: string;
  status: SearchStatus;
  items: Settlement[];
}

/**
 * The branches matching what the shopper typed, the first BRANCH_LIST_LIMIT of `total`: the chosen
 * carrier's, or, where the city offers several carriers' branches, all of them combined (the chosen
 * carrier first), with how many each carrier has (`carriers`, empty for one carrier).
 */
export interface BranchOptions {
  slug: DeliveryMethodSlug | null;
  query: string;
  status: SearchStatus;
  items: Branch[];
  total: number;
  carriers: CombinedBranchList['carriers'];
}

export interface StreetOptions {
  query: string;
  status: SearchStatus;
  items: Street[];
}

/** Branches shown at once: enough to pick by number after a few keys, small enough for a slow phone. */
export const BRANCH_LIST_LIMIT = 30;
const STREET_LIST_LIMIT = 10;
const CITY_LIST_LIMIT = 10;
const SEARCH_DELAY_MS = 200;
/** Spec §5: search starts only after at least 2 characters (the settlement search follows it too). */
const CITY_SEARCH_MIN = 2;

const NO_BRANCHES: BranchOptions = { slug: null, query: '', status: 'idle', items: [], total: 0, carriers: [] };
const NO_STREETS: StreetOptions = { query: '', status: 'idle', items: [] };

/** The often used cities, read by the page's server (shown before anything is typed). */
export const $oftenUsedCities = atom<Settlement[]>([]);
export const $cityOptions = atom<CityOptions>({ query: '', status: 'idle', items: [] });
export const $branchOptions = atom<BranchOptions>(NO_BRANCHES);
export const $streetOptions = atom<StreetOptions>(NO_STREETS);
/**
 * The chosen branch as the delivery service describes it (hours, weight limit), for the collapsed
 * card; null while none is chosen, or while a restored one is read back.
 */
export const $chosenBranch = atom<Branch | null>(null);

const citySearch = newestAnswer();
const branchSearch = newestAnswer();
const streetSearch = newestAnswer();

/** The search's failure, said once (a cancelled one says nothing). */
function searchFailed(signal: AbortSignal, error: unknown): boolean {
  if (signal.aborted) return false;
  log.warn('[checkout]', error instanceof Error ? error.message : error);
  return true;
}

/** The city picker's text: the often used cities while it is short, matches from the service after. */
export function searchCities(query: string): void {
  const text = query.trim();
  citySearch.cancel();
  if ([...text].length < CITY_SEARCH_MIN) {
    $cityOptions.set({ query, status: 'idle', items: $oftenUsedCities.get() });
    return;
  }
  $cityOptions.set({ query, status: 'loading', items: $cityOptions.get().items });
  citySearch.later(SEARCH_DELAY_MS, async (signal) => {
    try {
      const { browserApi, searchSettlementsWithDeliveryMethods } = await checkoutClients();
      const found = await searchSettlementsWithDeliveryMethods(
        browserApi(pageLocale()),
        text,
        { limit: CITY_LIST_LIMIT },
        { signal },
      );
      if (!signal.aborted) $cityOptions.set({ query, status: 'ready', items: found.items });
    } catch (error) {
      if (searchFailed(signal, error)) $cityOptions.set({ query, status: 'error', items: [] });
    }
  });
}

/** A city chosen: its branches and streets are searched afresh, its methods come with it or are read. */
export function chooseCity(settlement: Settlement): void {
  const form = $checkoutForm.get();
  const next = withCity(form, settlement, pageLocale());
  if (next === form) return;
  branchSearch.cancel();
  streetSearch.cancel();
  $branchOptions.set(NO_BRANCHES);
  $streetOptions.set(NO_STREETS);
  $chosenBranch.set(null);
  $checkoutForm.set(next);
  // Issue 25: the city chosen here is the browser's delivery city (product pages, the basket).
  rememberDeliveryCity(settlement.id);
  if (settlement.deliveryMethods) $cityMethods.set(settlement.deliveryMethods);
  else void loadCityMethods(settlement.id);
}

/** A method the city offers for this basket; a branch method starts its branch list at once. */
export function chooseDeliveryMethod(slug: DeliveryMethodSlug): void {
  const form = $checkoutForm.get();
  const method = $checkoutContext.get().methods.find((m) => m.slug === slug);
  if (!method) return;
  const next = withDeliveryMethod(form, method, paymentFactsOf(form));
  if (next.deliveryBranchRef === '') $chosenBranch.set(null);
  $checkoutForm.set(next);
  track({ kind: 'checkoutStep', step: FUNNEL_STEP.delivery, option: slug });
  if (method.type === DELIVERY_TYPE.branch && $branchOptions.get().slug !== slug) searchBranches('');
}

/**
 * One page of branches: the carrier's (`POST …/warehouse`), or several carriers' combined
 * (`POST …/warehouse/combined`, spec §7) when the city offers more than one for this basket.
 */
async function findBranches(
  cityId: number,
  slugs: readonly BranchDeliverySlug[],
  searchName: string,
  signal: AbortSignal,
): Promise<CombinedBranchList> {
  const clients = await checkoutClients();
  const api = clients.browserApi(pageLocale());
  const paging = { searchName, limit: BRANCH_LIST_LIMIT, page: 0 };
  const [only] = slugs;
  if (slugs.length === 1 && only !== undefined) {
    return { ...(await clients.getBranches(api, cityId, { ...paging, deliverySlug: only }, { signal })), carriers: [] };
  }
  return clients.getCombinedBranches(api, cityId, { ...paging, deliverySlugs: [...slugs] }, { signal });
}

/** The branch picker's text: the service searches the city's branches (number first), combined where several carriers serve it. */
export function searchBranches(query: string): void {
  const form = $checkoutForm.get();
  const city = form.city;
  const slug = form.deliveryMethodSlug;
  if (city === null || slug === null || !isBranchSlug(slug)) return;
  const slugs = branchSearchSlugs(
    slug,
    $checkoutContext.get().methods.map((m) => m.slug),
  );
  const current = $branchOptions.get();
  const same = current.slug === slug;
  $branchOptions.set({
    slug,
    query,
    status: 'loading',
    items: same ? current.items : [],
    total: same ? current.total : 0,
    carriers: same ? current.carriers : [],
  });
  branchSearch.cancel();
  branchSearch.later(query === '' ? 0 : SEARCH_DELAY_MS, async (signal) => {
    try {
      const found = await findBranches(city.id, slugs, query.trim(), signal);
      if (!signal.aborted) $branchOptions.set({ slug, query, status: 'ready', ...found });
    } catch (error) {
      if (searchFailed(signal, error)) {
        $branchOptions.set({ slug, query, status: 'error', items: [], total: 0, carriers: [] });
      }
    }
  });
}

/**
 * A branch chosen. A branch of another carrier (from the combined list) chooses that carrier's
 * method first, so the price and the order's method are the branch's.
 */
export function chooseBranch(branch: Branch): void {
  if ($checkoutForm.get().deliveryMethodSlug !== branch.deliverySlug) chooseDeliveryMethod(branch.deliverySlug);
  if ($checkoutForm.get().deliveryMethodSlug !== branch.deliverySlug) return;
  $chosenBranch.set(branch);
  $checkoutForm.set(withBranch($checkoutForm.get(), branch, pageLocale()));
}

/**
 * The branch a draft kept (a reload, or the other language's page) read back by its ref, so its
 * line is in this page's language and its card shows its hours and weight limit; a branch the
 * carrier has closed meanwhile is unchosen. Unreadable now: the draft's line stays.
 */
export async function restoreBranch(): Promise<void> {
  const form = $checkoutForm.get();
  const { city, deliveryMethodSlug: slug, deliveryBranchRef: ref } = form;
  if (city === null || slug === null || !isBranchSlug(slug) || ref === '') return;
  try {
    const { browserApi, findBranch } = await checkoutClients();
    const branch = await findBranch(browserApi(pageLocale()), city.id, slug, ref);
    const now = $checkoutForm.get();
    if (now.deliveryBranchRef !== ref || now.city?.id !== city.id) return;
    if (branch) chooseBranch(branch);
    else $checkoutForm.set({ ...now, deliveryBranchRef: '', deliveryServiceOffice: '' });
  } catch (error) {
    log.warn('[checkout] the chosen branch could not be read:', error instanceof Error ? error.message : error);
  }
}

/** The street field's text: kept as typed, and streets of the city that match are offered. */
export function typeStreet(text: string): void {
  const form = $checkoutForm.get();
  $checkoutForm.set(withTypedStreet(form, text));
  const city = form.city;
  const query = text.trim();
  streetSearch.cancel();
  if (city === null || [...query].length < CITY_SEARCH_MIN) {
    $streetOptions.set({ query: text, status: 'idle', items: [] });
    return;
  }
  $streetOptions.set({ query: text, status: 'loading', items: $streetOptions.get().items });
  streetSearch.later(SEARCH_DELAY_MS, async (signal) => {
    try {
      const { browserApi, searchStreets } = await checkoutClients();
      const found = await searchStreets(
        browserApi(pageLocale()),
        city.id,
        query,
        { limit: STREET_LIST_LIMIT },
        { signal },
      );
      if (!signal.aborted) $streetOptions.set({ query: text, status: 'ready', items: found.items });
    } catch (error) {
      if (searchFailed(signal, error)) $streetOptions.set({ query: text, status: 'error', items: [] });
    }
  });
}

export function chooseStreet(street: Street): void {
  streetSearch.cancel();
  $checkoutForm.set(withStreet($checkoutForm.get(), street, pageLocale()));
  $streetOptions.set(NO_STREETS);
}

export function chooseShop(ref: string): void {
  $checkoutForm.set(withShop($checkoutForm.get(), { ref }));
}
