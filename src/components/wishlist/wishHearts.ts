import { SESSION_CHANGE_EVENT } from '../../domain/session/customerHint.ts';
import { $wished, GUEST_WISHES_KEY, loadWishes, toggleWish, type WishOutcome } from '../../stores/wishList.ts';
import { track } from '../../stores/analytics.ts';
import { wishedProduct } from '../../domain/analytics/wishedProduct.ts';

/**
 * Every heart of the page (`button[data-wish]`: the product page's and each card's), one script
 * for all of them: `aria-pressed` follows the wished products (src/stores/wishList.ts), a click
 * anywhere on a heart toggles it (one listener on the document, so cards the catalogue enhancer
 * or the recently viewed strip put in later work too), and the live region says what happened.
 * The page is cached and the same for everyone: every heart is rendered unpressed and hidden
 * until this script marks the page (`<html data-wish-ready>`).
 */

const HIDE_AFTER_MS = 4000;

export function enhanceHearts(): void {
  const live = document.querySelector<HTMLElement>('[data-wish-live]');
  const texts = live?.dataset ?? {};

  const paint = () => {
    const wished = $wished.get();
    for (const heart of document.querySelectorAll<HTMLButtonElement>('button[data-wish]')) {
      const pressed = String(wished.has(Number(heart.dataset['wish'])));
      if (heart.getAttribute('aria-pressed') !== pressed) heart.setAttribute('aria-pressed', pressed);
    }
  };

  let hide: ReturnType<typeof setTimeout> | undefined;
  const say = (outcome: WishOutcome) => {
    if (!live) return;
    const fallback = outcome.ok
      ? texts[`${outcome.wished ? 'added' : 'removed'}${outcome.guest ? 'Guest' : ''}`]
      : texts['failed'];
    live.textContent = outcome.message || fallback || '';
    live.classList.toggle('wish-live--error', !outcome.ok);
    live.hidden = false;
    clearTimeout(hide);
    hide = setTimeout(() => {
      live.hidden = true;
    }, HIDE_AFTER_MS);
  };

  $wished.subscribe(paint);
  // Cards arrive later (a catalogue state swapped in, "load more", the recently viewed strip).
  new MutationObserver(paint).observe(document.body, { childList: true, subtree: true });
  document.addEventListener('click', (event) => {
    const heart = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-wish]') : null;
    if (!heart) return;
    event.preventDefault();
    const productId = Number(heart.dataset['wish']);
    const nomenclatureId = Number(heart.dataset['wishVariant']);
    if (!productId || !nomenclatureId) return;
    void toggleWish({ productId, nomenclatureId }).then((outcome) => {
      say(outcome);
      // Analytics' add to wish list (issue 12): the card names the product; the runtime adds the
      // product page's own data when it is that product's page.
      if (outcome.ok && outcome.wished) {
        track({ kind: 'addToWishList', product: wishedProduct(productId, heart.dataset['wishTitle'] ?? '') });
      }
    });
  });
  document.documentElement.toggleAttribute('data-wish-ready', true);

  const reload = () => void loadWishes();
  reload();
  // A sign-in or out on this page, another tab's guest hearts, a page back from the bfcache.
  addEventListener(SESSION_CHANGE_EVENT, () => void loadWishes(true));
  addEventListener('storage', (event) => {
    if (event.key === GUEST_WISHES_KEY || event.key === null) reload();
  });
  addEventListener('pageshow', (event) => {
    if (event.persisted) reload();
  });
}
