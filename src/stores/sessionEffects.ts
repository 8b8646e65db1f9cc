import { sessionStateSchema, type SessionState } from '../api/schemas/session.ts';
import { STORAGE_NAMES, storageKey } from '../domain/basket/basketKeys.ts';
import {
  customerHintOf,
  hasCustomerHint,
  hasSignedOutMark,
  SESSION_SEEN_KEY,
  SIGNED_OUT_COOKIE,
} from '../domain/session/customerHint.ts';
import { sessionTransition } from '../domain/session/sessionTransition.ts';
import { loadSession } from './auth.ts';
import { adoptAnonymousBasket, leaveCustomerBasket, recordedBasketOwner, setBasketPhone } from './basket.ts';
import { rememberDeliveryCity } from './deliveryCity.ts';
import { adoptAnonymousViewed } from './viewedItems.ts';
import { adoptGuestWishes } from './wishList.ts';

/**
 * The login and logout effects in this browser (accounts spec §4; storefront spec §4): on a
 * sign-in the anonymous basket merges into the customer's and a check follows, and a guest's hearts
 * join the account's default wish list; on a sign-out the
 * basket and the order under way are cleared. The header's basket script loads this module on a
 * session change (SESSION_CHANGE_EVENT, which src/stores/auth.ts sends), and at page start when the customer
 * hint cookie or a recorded owner says there is a session to look at; an anonymous visitor's page
 * never loads it. What a change means is src/domain/session/sessionTransition.ts.
 */

/** This page saw a customer signed in (a later signed-out state is then their sign-out). */
let sawSignedIn = false;

/** What the page kept of the order under way: the checkout draft, its intent and placed order, the certificate's order hash. */
function clearOrderData(): void {
  // The checkout's own rule (checkoutDraftKey), spelled through the storage names so this module
  // does not pull the checkout's form rules into every signed-in page (a unit test keeps them equal).
  const draft = storageKey(STORAGE_NAMES.checkoutDraft);
  try {
    sessionStorage.removeItem(draft);
    sessionStorage.removeItem(`${draft}_intent`);
    sessionStorage.removeItem(`${draft}_placed`);
    localStorage.removeItem(storageKey(STORAGE_NAMES.orderHash));
  } catch {
    // Storage refused: nothing was kept there.
  }
}

/** Records the sign-in this page looked at, so further pages need not look again (customerHint.ts). */
function recordSeen(signedIn: boolean): void {
  const hint = customerHintOf(document.cookie);
  try {
    if (signedIn && hint !== null) localStorage.setItem(SESSION_SEEN_KEY, hint);
    else localStorage.removeItem(SESSION_SEEN_KEY);
  } catch {
    // Storage refused: every page looks again, as before this record existed.
  }
}

function apply(state: SessionState): void {
  const signedIn = state.signedIn ? String(state.shopper.id) : null;
  recordSeen(state.signedIn);
  const change = sessionTransition(recordedBasketOwner(), signedIn, sawSignedIn);
  if (state.signedIn) sawSignedIn = true;
  // Spec §7: the basket check sends the signed-in shopper's phone.
  setBasketPhone(state.signedIn ? state.shopper.phone : null);
  if (change.kind === 'login') {
    // Storefront spec §4, accounts §4: "the delivery city is set from the default location".
    const cityId = state.signedIn ? state.shopper.defaultLocation?.cityId : undefined;
    if (typeof cityId === 'number') rememberDeliveryCity(cityId);
    adoptAnonymousBasket(change.customer);
    adoptAnonymousViewed(change.customer);
    // Accounts spec §4 "loads the wish list" at login: a guest's hearts join the default list first.
    void adoptGuestWishes();
  } else if (change.kind === 'logout') {
    leaveCustomerBasket(change.customer, false);
    clearOrderData();
  } else if (change.kind === 'ended') leaveCustomerBasket(change.customer, true);
}

/** Handles a SESSION_CHANGE_EVENT (its detail is the new SessionState, parsed: the event is anyone's to send). */
export function onSessionChange(event: Event): void {
  const parsed = sessionStateSchema.safeParse(event instanceof CustomEvent ? event.detail : undefined);
  if (parsed.success) apply(parsed.data);
}

/**
 * At page start: with the hint, the session is read (its change event brings the effects); without
 * it, a recorded owner means the session ended while no page looked.
 */
export function resumeSession(): void {
  if (hasSignedOutMark(document.cookie)) {
    // A sign-out posted as a form on the page before: this page plays the sign-out's effects.
    document.cookie = `${SIGNED_OUT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    sawSignedIn = true;
  }
  if (hasCustomerHint(document.cookie)) void loadSession();
  else apply({ signedIn: false });
}
