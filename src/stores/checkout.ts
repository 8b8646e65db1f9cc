import { atom } from 'nanostores';
import type { Locale } from '../api/schemas/common.ts';
import type {
  Branch,
  DeliveryMethod,
  DeliveryMethodSlug,
  Settlement,
  ShopConfigs,
  Street,
} from '../api/schemas/delivery.ts';
import type { Order, PaymentType } from '../api/schemas/order.ts';
import type { Shopper } from '../api/schemas/session.ts';
import type { SavedLocation } from '../api/schemas/user.ts';
import { bonusInput, settledBonuses, usableBonuses, type BonusInputNote } from '../domain/checkout/bonusPayment.ts';
import { checkoutContext, type CheckoutFacts } from '../domain/checkout/checkoutContext.ts';
import {
  checkoutDraftKey,
  initialCheckoutForm,
  parseCheckoutDraft,
  resetCheckout,
  serializeCheckoutDraft,
  withAllowedPayment,
  withBranch,
  withCity,
  withDeliveryMethod,
  withPaymentType,
  withShop,
  withStreet,
  withTypedStreet,
  type CheckoutForm,
} from '../domain/checkout/checkoutForm.ts';
import {
  checkoutPaymentFacts,
  validateCheckout,
  type CheckoutBasket,
  type CheckoutContext,
  type FieldError,
} from '../domain/checkout/checkoutValidation.ts';
import { DELIVERY_TYPE, isBranchSlug } from '../domain/checkout/deliveryRules.ts';
import { buildOrderPayload } from '../domain/checkout/orderPayload.ts';
import {
  ORDER_ATTEMPT_TIMEOUT_MS,
  ORDER_RETRY_DELAYS_MS,
  intentFor,
  isRetryable,
  parseOrderIntent,
  refusalErrors,
  type OrderIntent,
} from '../domain/checkout/orderSubmission.ts';
import {
  defaultCityId,
  prefillContact,
  savedDeliveryMethod,
  withSavedAddress,
} from '../domain/checkout/checkoutPrefill.ts';
import { hasCustomerHint, SESSION_CHANGE_EVENT } from '../domain/session/customerHint.ts';
import { routeName, routeUrl } from '../i18n/routes.ts';
import { $basket, $basketCheck, clearBasket, lastCheckResponse, scheduleCheck, setBasketLocale } from './basket.ts';
import type { OrderRefusal } from './checkoutClients.ts';
import { FUNNEL_STEP, REGISTERED_USER } from '../domain/analytics/checkoutFunnel.ts';
import { track } from './analytics.ts';
import { visitorKind } from './funnelVisitor.ts';

/**
 * The checkout (issue 10): the form (spec §3 "Checkout order fields") as the shopper fills it,
 * kept in sessionStorage so a reload loses nothing typed; the city, branch and street searches; and
 * sending the order once per intent over a flaky connection. Every rule is src/domain/checkout's;
 * the island renders these atoms and calls these actions.
 */

/** Settlements offered by the city picker: the often used ones before anything is typed, then matches. */
export interface CityOptions {
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Settlement[];
}

/** One carrier's branches matching what the shopper typed, the first BRANCH_LIST_LIMIT of `total`. */
export interface BranchOptions {
  slug: DeliveryMethodSlug | null;
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Branch[];
  total: number;
}

export interface StreetOptions {
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Street[];
}

/** Where sending the order is. */
export type Submission =
  | { status: 'idle' }
  /** Sending; `attempt` 0 is the first try, later ones are automatic retries with the same key. */
  | { status: 'sending'; attempt: number }
  /** The last try got no answer; the next one goes out after a pause. */
  | { status: 'waiting'; attempt: number }
  /** The service refused the order: these messages belong to no field (the fields have theirs). */
  | { status: 'refused'; messages: string[] }
  /** No answer after every retry: the shopper may send again, safely (same key). */
  | { status: 'offline' }
  | { status: 'placed'; order: Order };

/** Branches shown at once: enough to pick by number after a few keys, small enough for a slow phone. */
export const BRANCH_LIST_LIMIT = 30;
const STREET_LIST_LIMIT = 10;
const CITY_LIST_LIMIT = 10;
const SEARCH_DELAY_MS = 200;
/** Spec §5: search starts only after at least 2 characters (the settlement search follows it too). */
const CITY_SEARCH_MIN = 2;

export const $checkoutForm = atom<CheckoutForm>(initialCheckoutForm());
/** The messages shown next to fields: empty until the shopper first tries to send the order. */
export const $checkoutErrors = atom<FieldError[]>([]);
export const $cityOptions = atom<CityOptions>({ query: '', status: 'idle', items: [] });
/** The delivery service's methods in the chosen city; null while unknown. */
export const $cityMethods = atom<readonly DeliveryMethod[] | null>(null);
export const $shopConfigs = atom<ShopConfigs | null>(null);
export const $branchOptions = atom<BranchOptions>({ slug: null, query: '', status: 'idle', items: [], total: 0 });
export const $streetOptions = atom<StreetOptions>({ query: '', status: 'idle', items: [] });
export const $bundleProductIds = atom<ReadonlySet<number>>(new Set());
export const $submission = atom<Submission>({ status: 'idle' });

/**
 * Who may pay with points (spec §6): a signed-in shopper and, for a member, the active balance
 * (UAH; null for anyone else). `known` once the session (and a member's balance) has been read, so
 * an amount restored from the draft is not dropped before.
 */
export interface CheckoutShopper {
  known: boolean;
  signedIn: boolean;
  bonusBalance: number | null;
}
export const $checkoutShopper = atom<CheckoutShopper>({ known: false, signedIn: false, bonusBalance: null });
/** Why the last amount typed in the bonus field was changed; null when it was taken as typed. */
export const $bonusNote = atom<BonusInputNote | null>(null);

let locale: Locale = 'ru';
let oftenUsed: Settlement[] = [];
/** Messages appear once the shopper has tried to send; from then on they follow every change. */
let showErrors = false;
let started = false;

const DRAFT_KEY = checkoutDraftKey();
const INTENT_KEY = `${DRAFT_KEY}_intent`;

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (privacy mode): the draft lives only as long as the page.
  }
}

type Clients = typeof import('./checkoutClients.ts');
let loading: Promise<Clients> | undefined;

/** The service clients (see checkoutClients.ts), loaded once, on first need or as the page starts. */
function clients(): Promise<Clients> {
  loading ??= import('./checkoutClients.ts');
  return loading;
}

function checkoutBasket(): CheckoutBasket {
  const { items, certificates } = $basket.get();
  return { items, certificates };
}

function facts(): CheckoutFacts {
  const shopper = $checkoutShopper.get();
  return {
    locale,
    cityMethods: $cityMethods.get(),
    shops: $shopConfigs.get(),
    bundleProductIds: $bundleProductIds.get(),
    // Signed in as far as this browser knows: the auth store's answer once read, the hint cookie
    // before (the same rule that sends the order to the signed-in endpoint, so subscriptions are
    // offered to the order that can carry them).
    signedIn: shopper.known ? shopper.signedIn : typeof document !== 'undefined' && hasCustomerHint(document.cookie),
    // The goods' limit from the last answer of the basket check (0 before the first).
    bonusMaxPayment: lastCheckResponse($basketCheck.get())?.bonusMaxPayment ?? 0,
    bonusBalance: shopper.bonusBalance,
  };
}

/** The most the shopper may pay with points now (the smaller of the balance and the goods' limit). */
function currentUsableBonuses(): number {
  const context = currentContext();
  return usableBonuses(context.bonusBalance, context.bonusMaxPayment);
}

/** The rules' context for the form as it is now (the island renders the same). */
export function currentContext(form: CheckoutForm = $checkoutForm.get()): CheckoutContext {
  return checkoutContext(form, checkoutBasket(), facts());
}

function setForm(form: CheckoutForm): void {
  $checkoutForm.set(form);
  if (showErrors) $checkoutErrors.set(validateCheckout(form, checkoutBasket(), currentContext(form)));
}

/** A field typed or ticked: names, phones, e-mail, address parts, comment, call-back, recipient, try-on. */
export function updateField<K extends EditableField>(field: K, value: CheckoutForm[K]): void {
  setForm({ ...$checkoutForm.get(), [field]: value });
}

export type EditableField =
  | 'phone'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'building'
  | 'apartment'
  | 'comment'
  | 'callBack'
  | 'otherRecipient'
  | 'recipientPhone'
  | 'recipientFirstName'
  | 'recipientLastName'
  | 'tryClothes';

interface PendingSearch {
  timer?: ReturnType<typeof setTimeout> | undefined;
  controller?: AbortController | undefined;
}

/** Runs `task` after a pause, cancelling the previous one: only the answer to the newest text lands. */
function restart(search: PendingSearch, delay: number, task: (signal: AbortSignal) => Promise<void>): void {
  clearTimeout(search.timer);
  search.controller?.abort();
  const controller = new AbortController();
  search.controller = controller;
  search.timer = setTimeout(() => {
    task(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('[checkout]', error instanceof Error ? error.message : error);
    });
  }, delay);
}

const citySearch: PendingSearch = {};
const branchSearch: PendingSearch = {};
const streetSearch: PendingSearch = {};

/** The city picker's text: the often used cities while it is short, matches from the service after. */
export function searchCities(query: string): void {
  const text = query.trim();
  if ([...text].length < CITY_SEARCH_MIN) {
    restart(citySearch, 0, () => Promise.resolve());
    $cityOptions.set({ query, status: 'idle', items: oftenUsed });
    return;
  }
  $cityOptions.set({ query, status: 'loading', items: $cityOptions.get().items });
  restart(citySearch, SEARCH_DELAY_MS, async (signal) => {
    try {
      const { browserApi, searchSettlementsWithDeliveryMethods } = await clients();
      const found = await searchSettlementsWithDeliveryMethods(
        browserApi(locale),
        text,
        { limit: CITY_LIST_LIMIT },
        { signal },
      );
      if (!signal.aborted) $cityOptions.set({ query, status: 'ready', items: found.items });
    } catch (error) {
      if (!signal.aborted) $cityOptions.set({ query, status: 'error', items: [] });
      throw error;
    }
  });
}

/** Reads the chosen city's methods when the choice did not bring them (a restored draft). */
async function loadCityMethods(cityId: number): Promise<void> {
  $cityMethods.set(null);
  try {
    const { browserApi, getSettlement } = await clients();
    const settlement = await getSettlement(browserApi(locale), cityId);
    if ($checkoutForm.get().city?.id === cityId) $cityMethods.set(settlement.deliveryMethods ?? []);
  } catch (error) {
    console.warn(
      '[checkout] the city’s delivery methods could not be read:',
      error instanceof Error ? error.message : error,
    );
    // Spec §9: the fallback methods stand in when the service gives none.
    if ($checkoutForm.get().city?.id === cityId) $cityMethods.set([]);
  }
}

export function chooseCity(settlement: Settlement): void {
  const form = $checkoutForm.get();
  const next = withCity(form, settlement, locale);
  if (next === form) return;
  $branchOptions.set({ slug: null, query: '', status: 'idle', items: [], total: 0 });
  $streetOptions.set({ query: '', status: 'idle', items: [] });
  setForm(next);
  if (settlement.deliveryMethods) $cityMethods.set(settlement.deliveryMethods);
  else void loadCityMethods(settlement.id);
}

function paymentFacts(form: CheckoutForm) {
  return checkoutPaymentFacts(form, checkoutBasket(), currentContext(form));
}

export function chooseDeliveryMethod(slug: DeliveryMethodSlug): void {
  const form = $checkoutForm.get();
  const method = currentContext(form).methods.find((m) => m.slug === slug);
  if (!method) return;
  const next = withDeliveryMethod(form, method, paymentFacts(form));
  setForm(next);
  track({ kind: 'checkoutStep', step: FUNNEL_STEP.delivery, option: slug });
  if (method.type === DELIVERY_TYPE.branch && $branchOptions.get().slug !== slug) searchBranches('');
}

/** The branch picker's text: the service searches the carrier's branches of the city (number first). */
export function searchBranches(query: string): void {
  const form = $checkoutForm.get();
  const city = form.city;
  const slug = form.deliveryMethodSlug;
  if (city === null || slug === null || !isBranchSlug(slug)) return;
  const current = $branchOptions.get();
  const items = current.slug === slug ? current.items : [];
  $branchOptions.set({ slug, query, status: 'loading', items, total: current.slug === slug ? current.total : 0 });
  restart(branchSearch, query === '' ? 0 : SEARCH_DELAY_MS, async (signal) => {
    try {
      const { browserApi, getBranches } = await clients();
      const found = await getBranches(
        browserApi(locale),
        city.id,
        { deliverySlug: slug, searchName: query.trim(), limit: BRANCH_LIST_LIMIT, page: 0 },
        { signal },
      );
      if (!signal.aborted) $branchOptions.set({ slug, query, status: 'ready', items: found.items, total: found.total });
    } catch (error) {
      if (!signal.aborted) $branchOptions.set({ slug, query, status: 'error', items: [], total: 0 });
      throw error;
    }
  });
}

export function chooseBranch(branch: Branch): void {
  setForm(withBranch($checkoutForm.get(), branch, locale));
}

/** The street field's text: kept as typed, and streets of the city that match are offered. */
export function typeStreet(text: string): void {
  const form = $checkoutForm.get();
  setForm(withTypedStreet(form, text));
  const city = form.city;
  const query = text.trim();
  if (city === null || [...query].length < CITY_SEARCH_MIN) {
    restart(streetSearch, 0, () => Promise.resolve());
    $streetOptions.set({ query: text, status: 'idle', items: [] });
    return;
  }
  $streetOptions.set({ query: text, status: 'loading', items: $streetOptions.get().items });
  restart(streetSearch, SEARCH_DELAY_MS, async (signal) => {
    try {
      const { browserApi, searchStreets } = await clients();
      const found = await searchStreets(browserApi(locale), city.id, query, { limit: STREET_LIST_LIMIT }, { signal });
      if (!signal.aborted) $streetOptions.set({ query: text, status: 'ready', items: found.items });
    } catch (error) {
      if (!signal.aborted) $streetOptions.set({ query: text, status: 'error', items: [] });
      throw error;
    }
  });
}

export function chooseStreet(street: Street): void {
  setForm(withStreet($checkoutForm.get(), street, locale));
  $streetOptions.set({ query: '', status: 'idle', items: [] });
}

export function chooseShop(ref: string): void {
  setForm(withShop($checkoutForm.get(), { ref }));
}

export function choosePayment(type: PaymentType): void {
  setForm(withPaymentType($checkoutForm.get(), type));
  track({ kind: 'checkoutStep', step: FUNNEL_STEP.payment, option: String(type) });
}

export function choosePaymentParts(parts: number): void {
  setForm({ ...$checkoutForm.get(), paymentParts: parts });
}

/**
 * The bonus field's text: whole hryvnias up to what may be spent (src/domain/checkout/
 * bonusPayment.ts); what cannot be taken as typed is changed and `$bonusNote` says why.
 */
export function typeBonuses(text: string): void {
  const form = $checkoutForm.get();
  const { value, note } = bonusInput(text, form.usedBonuses, currentUsableBonuses());
  $bonusNote.set(note);
  setForm(withBonuses(form, value));
}

/** Pays as much as may be paid with points. */
export function payMaxWithBonuses(): void {
  $bonusNote.set(null);
  setForm(withBonuses($checkoutForm.get(), currentUsableBonuses()));
}

/** The form with `usedBonuses`, and a payment type the new amount to pay still allows (else cash). */
function withBonuses(form: CheckoutForm, usedBonuses: number): CheckoutForm {
  const next = { ...form, usedBonuses };
  return withAllowedPayment(next, paymentFacts(next));
}

/**
 * What may be spent changed (the basket was checked again, the balance was read, the shopper signed
 * out): an amount above it comes down to it. Only once the shopper is known, so a draft's amount
 * waits for the balance instead of being dropped while it loads.
 */
function settleBonuses(): void {
  if (!$checkoutShopper.get().known) return;
  const form = $checkoutForm.get();
  const usedBonuses = settledBonuses(form.usedBonuses, currentUsableBonuses());
  if (usedBonuses !== form.usedBonuses) setForm(withBonuses(form, usedBonuses));
}

function setCheckoutShopper(shopper: Omit<CheckoutShopper, 'known'>): void {
  $checkoutShopper.set({ known: true, ...shopper });
  settleBonuses();
}

/** Which of the basket's products the baby-bundle catalogue holds (payment type 7); none on failure. */
async function refreshBundle(productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) {
    $bundleProductIds.set(new Set());
    return;
  }
  try {
    const { browserApi, babyBundleIdsAmong } = await clients();
    $bundleProductIds.set(await babyBundleIdsAmong(browserApi(locale), productIds));
  } catch (error) {
    console.warn('[checkout] the baby bundle could not be read:', error instanceof Error ? error.message : error);
    $bundleProductIds.set(new Set());
  }
}

/** A payment type the basket no longer allows (its amount changed, it is no longer a baby bundle) falls back to cash. */
function settlePayment(): void {
  const form = $checkoutForm.get();
  const next = withAllowedPayment(form, paymentFacts(form));
  if (next !== form) setForm(next);
}

function readIntent(): OrderIntent | null {
  return parseOrderIntent(readSession(INTENT_KEY));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function focusFirst(errors: readonly FieldError[]): void {
  const first = errors[0];
  if (!first) return;
  // After React has drawn the messages.
  requestAnimationFrame(() => document.getElementById(`checkout-${first.field}`)?.focus());
}

/** The order exists: the basket empties now (not before), the draft keeps only who the shopper is. */
function placed(order: Order): void {
  writeSession(INTENT_KEY, null);
  writeSession(DRAFT_KEY, serializeCheckoutDraft(resetCheckout($checkoutForm.get())));
  stopDraft?.();
  clearBasket();
  $submission.set({ status: 'placed', order });
  const page = routeUrl(routeName('order-page', locale), { hash: order.hash }, new URLSearchParams({ placed: '1' }));
  window.location.assign(page);
}

function refused(refusal: OrderRefusal): void {
  const { errors, general } = refusalErrors(refusal.fields);
  // The balance may have changed since it was read (another tab's order): read it again.
  if (errors.some((e) => e.field === 'usedBonuses')) void readShopper();
  // The lines changed under the shopper: the basket's next check shows what is left.
  if (refusal.basketChanged) scheduleCheck(0);
  // A changed basket changes the order; a key the service knows for another order is spent.
  if (refusal.keyReused || refusal.basketChanged) writeSession(INTENT_KEY, null);
  showErrors = true;
  $checkoutErrors.set(errors);
  const messages = general.length > 0 || errors.length > 0 ? general : [refusal.message];
  $submission.set({ status: 'refused', messages });
  focusFirst(errors);
}

let sending = false;

/**
 * Sends the order: the rules first (messages next to the fields, the first focused), then the
 * order service with this intent's key; a lost answer is retried after a pause with the same key,
 * so the order is placed once however often it is sent. The basket empties only once the order exists.
 */
export async function submitOrder(): Promise<void> {
  if (sending) return;
  const form = $checkoutForm.get();
  const built = buildOrderPayload(form, checkoutBasket(), currentContext(form));
  if (!built.ok) {
    showErrors = true;
    $checkoutErrors.set(built.errors);
    $submission.set({ status: 'idle' });
    focusFirst(built.errors);
    return;
  }
  $checkoutErrors.set([]);
  sending = true;
  const intent = intentFor(readIntent(), JSON.stringify(built.payload), () => crypto.randomUUID());
  writeSession(INTENT_KEY, JSON.stringify(intent));
  try {
    $submission.set({ status: 'sending', attempt: 0 });
    const { accountOrderApi, attemptFailure, browserApi, createAccountOrder, createAnonymousOrder, orderRefusal } =
      await clients();
    // Spec §6: a signed-in shopper's order goes through the shop's own endpoint, which adds their
    // bearer (the browser holds none); chosen once, so every retry of this intent goes the same way.
    const send = hasCustomerHint(document.cookie)
      ? () =>
          createAccountOrder(accountOrderApi(window.location.origin, locale), built.payload, intent.key, {
            timeoutMs: ORDER_ATTEMPT_TIMEOUT_MS,
          })
      : () =>
          createAnonymousOrder(browserApi(locale), built.payload, intent.key, { timeoutMs: ORDER_ATTEMPT_TIMEOUT_MS });
    for (let attempt = 0; ; attempt++) {
      $submission.set({ status: 'sending', attempt });
      try {
        const order = await send();
        placed(order);
        return;
      } catch (error) {
        const failure = attemptFailure(error);
        const delay = ORDER_RETRY_DELAYS_MS[attempt];
        if (failure !== null && isRetryable(failure) && delay !== undefined) {
          console.warn(`[checkout] attempt ${attempt + 1} got no answer (${failure.kind} ${failure.status}); retrying`);
          $submission.set({ status: 'waiting', attempt: attempt + 1 });
          await sleep(delay);
          continue;
        }
        const refusal = orderRefusal(error);
        if (refusal !== null) refused(refusal);
        else $submission.set({ status: 'offline' });
        return;
      }
    }
  } finally {
    sending = false;
  }
}

let stopDraft: (() => void) | undefined;

/**
 * A signed-in shopper's contact and default city fill what is empty (src/domain/checkout/
 * checkoutPrefill.ts): at the start when this browser has a session (the hint), and when the
 * shopper signs in from the checkout (the session's change event; the state is the store's own,
 * never the event's detail, which anyone could send).
 */
async function prefillFromSession(): Promise<void> {
  const fromStore = async () => {
    const { $session } = await import('./auth.ts');
    const state = $session.get();
    if (state?.signedIn) {
      prefill(state.shopper);
      track({ kind: 'checkoutStep', step: FUNNEL_STEP.login, option: REGISTERED_USER });
    }
    await readShopper();
  };
  // A sign-in from the checkout's «Войти»: the modal has loaded the auth store, whose state is parsed.
  window.addEventListener(SESSION_CHANGE_EVENT, () => void fromStore());
  if (!hasCustomerHint(document.cookie)) {
    setCheckoutShopper({ signedIn: false, bonusBalance: null });
    return;
  }
  const { loadSession } = await import('./auth.ts');
  await loadSession();
  await fromStore();
}

/**
 * Who may pay with points, from the auth store's own state: signed in or not and, for a member, the
 * active balance (`GET /api/account/bonus`; unreadable means nothing to pay with, spec §4).
 */
async function readShopper(): Promise<void> {
  const { $bonusSummary, $session, loadBonusSummary } = await import('./auth.ts');
  const state = $session.get();
  if (!state?.signedIn) {
    setCheckoutShopper({ signedIn: false, bonusBalance: null });
    return;
  }
  if (!state.shopper.isMember) {
    setCheckoutShopper({ signedIn: true, bonusBalance: null });
    return;
  }
  await loadBonusSummary();
  setCheckoutShopper({ signedIn: true, bonusBalance: $bonusSummary.get()?.activeAmount ?? null });
}

function prefill(shopper: Shopper): void {
  setForm(prefillContact($checkoutForm.get(), shopper));
  const cityId = defaultCityId($checkoutForm.get(), shopper);
  const location = shopper.defaultLocation;
  if (cityId !== null && location) void chooseCityById(cityId).then(() => chooseSavedDelivery(location));
}

/** Resolves once the chosen city's methods are known (they may still be on their way). */
function cityMethodsKnown(): Promise<void> {
  if ($cityMethods.get() !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = $cityMethods.listen((methods) => {
      if (methods === null) return;
      stop();
      resolve();
    });
  });
}

/**
 * The default location's method, then its branch, address or shop (accounts spec §3), each only
 * while the shopper has not chosen otherwise. A branch is read back from the delivery service by
 * its ref, so the order carries the service's own line for it, and a closed branch is not chosen.
 */
async function chooseSavedDelivery(location: SavedLocation): Promise<void> {
  if ($checkoutForm.get().city?.id !== location.cityId) return;
  await cityMethodsKnown();
  const slug = savedDeliveryMethod(
    $checkoutForm.get(),
    location,
    currentContext().methods.map((m) => m.slug),
  );
  if (slug === null) return;
  chooseDeliveryMethod(slug);
  const form = $checkoutForm.get();
  if (form.deliveryType === DELIVERY_TYPE.address) setForm(withSavedAddress(form, location));
  if (
    form.deliveryType === DELIVERY_TYPE.pickup &&
    currentContext().pickupPoints.some((s) => s.ref === location.shopRef)
  ) {
    chooseShop(location.shopRef);
  }
  if (!isBranchSlug(slug) || location.branchRef === '') return;
  try {
    const { browserApi, findBranch } = await clients();
    const branch = await findBranch(browserApi(locale), location.cityId, slug, location.branchRef);
    const now = $checkoutForm.get();
    if (branch && now.deliveryMethodSlug === slug && now.deliveryBranchRef === '') chooseBranch(branch);
  } catch (error) {
    console.warn('[checkout] the saved branch could not be read:', error instanceof Error ? error.message : error);
  }
}

async function chooseCityById(cityId: number): Promise<void> {
  try {
    const { browserApi, getSettlement } = await clients();
    const settlement = await getSettlement(browserApi(locale), cityId);
    // The shopper may have chosen a city meanwhile: theirs stays.
    if ($checkoutForm.get().city === null) chooseCity(settlement);
  } catch (error) {
    console.warn('[checkout] the default city could not be read:', error instanceof Error ? error.message : error);
  }
}

export interface CheckoutStart {
  locale: Locale;
  /** The often used cities, read by the page's server (no round trip before the picker shows them). */
  oftenUsed: Settlement[];
  /** The shop configs, read by the page's server; null when they could not be read. */
  shops: ShopConfigs | null;
}

/**
 * Starts the checkout once per page: the draft typed before a reload, the basket checked afresh,
 * the chosen city's methods, the baby bundle, and the draft saved on every change from then on.
 */
export function startCheckout(start: CheckoutStart): void {
  if (started) return;
  started = true;
  locale = start.locale;
  oftenUsed = start.oftenUsed;
  setBasketLocale(locale);
  $shopConfigs.set(start.shops);
  $cityOptions.set({ query: '', status: 'idle', items: oftenUsed });
  const draft = parseCheckoutDraft(readSession(DRAFT_KEY));
  $checkoutForm.set(draft);
  if (draft.city !== null) void loadCityMethods(draft.city.id);
  if (draft.deliveryType === DELIVERY_TYPE.branch) searchBranches('');
  stopDraft = $checkoutForm.subscribe((form) => writeSession(DRAFT_KEY, serializeCheckoutDraft(form)));

  // The clients load while the form draws (the first search or the order would otherwise wait for them).
  void clients();
  // The funnel's second step (the first, the basket, is the drawer's); a guest's login step is
  // filled as 'New User' when they reach the delivery (accounts spec §4), a sign-in sends it now.
  track({
    kind: 'checkoutStep',
    step: FUNNEL_STEP.checkout,
    option: visitorKind(),
  });
  void prefillFromSession();
  let productKey = '';
  $basket.subscribe((basket) => {
    const ids = [...new Set(basket.items.map((item) => item.productId))].sort((a, b) => a - b);
    const key = ids.join(',');
    if (key !== productKey) {
      productKey = key;
      void refreshBundle(ids).then(settlePayment);
    }
  });
  $basketCheck.subscribe((check) => {
    // The check's prices are the amounts the payment rules go by (instalment limits, nothing to
    // pay), and its bonusMaxPayment the most the goods may be paid with in points.
    if (check.status !== 'ready') return;
    settleBonuses();
    settlePayment();
  });
  scheduleCheck(0);
}
