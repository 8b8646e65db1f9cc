import { storedUnitCount } from '../../domain/basket/basketCount.ts';
import { BASKET_OWNER_KEY, STORAGE_NAMES, activeOwner, storageKey } from '../../domain/basket/basketKeys.ts';
import {
  SESSION_CHANGE_EVENT,
  SESSION_SEEN_KEY,
  customerHintOf,
  hasCustomerHint,
  sessionNeedsLook,
} from '../../domain/session/customerHint.ts';

/**
 * The header's basket link, on every page: the count from localStorage (this tab's changes, other
 * tabs' through the storage event, and a page restored from the back/forward cache), and the
 * drawer on a click (its code loads on the first open; without it the link leads to /basket).
 * Started by BaseLayout's one module script.
 */
export function startBasketLink(): void {
  const link = document.querySelector<HTMLAnchorElement>('a[data-basket-link]');
  const rules = new Intl.PluralRules(document.documentElement.lang || 'ru');
  /**
   * The shown basket's keys: the signed-in customer's (`bbs_basket_<id>` and its subscription lines,
   * `bbs_basket_subscription_<id>`) or the anonymous ones.
   */
  function basketKeys(): string[] {
    const owner = activeOwner(hasCustomerHint(document.cookie), localStorage.getItem(BASKET_OWNER_KEY));
    return [storageKey(STORAGE_NAMES.basket, owner), storageKey(STORAGE_NAMES.basketSubscription, owner)];
  }
  function show(): void {
    if (!link) return;
    let count = 0;
    try {
      for (const key of basketKeys()) count += storedUnitCount(localStorage.getItem(key));
    } catch {
      // Storage refused (privacy mode): the basket is empty for this page.
    }
    const badge = link.querySelector('[data-basket-count]');
    const text = link.querySelector('[data-basket-count-text]');
    const template = link.dataset[`count${rules.select(count).replace(/^./, (c) => c.toUpperCase())}`];
    if (badge) badge.textContent = String(count);
    if (text) text.textContent = `: ${(template ?? link.dataset['countOther'] ?? '#').replace('#', String(count))}`;
    link.toggleAttribute('data-basket-empty', count === 0);
  }
  show();
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === BASKET_OWNER_KEY || basketKeys().includes(event.key)) show();
  });
  // Sign-in and sign-out move the basket between keys (src/stores/sessionEffects.ts). Its code,
  // with the auth store, loads only when the session changes or this browser has one to look at:
  // an anonymous visitor's page loads nothing more.
  const effects = () => import('../../stores/sessionEffects.ts');
  window.addEventListener(SESSION_CHANGE_EVENT, (event) => {
    void effects().then(({ onSessionChange }) => onSessionChange(event));
  });
  let recorded: string | null = null;
  let seen: string | null = null;
  try {
    recorded = localStorage.getItem(BASKET_OWNER_KEY);
    seen = localStorage.getItem(SESSION_SEEN_KEY);
  } catch {
    // Storage refused: no basket was kept for a customer either.
  }
  if (sessionNeedsLook(customerHintOf(document.cookie), seen, recorded))
    void effects().then(({ resumeSession }) => resumeSession());
  window.addEventListener('bbs:basket-change', show);
  window.addEventListener('pageshow', show);
  link?.addEventListener('click', (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void import('../basket/openBasketDrawer.ts').then(({ openBasketDrawer }) => openBasketDrawer(link.href));
  });
}
