import { SESSION_CHANGE_EVENT } from '../../domain/session/customerHint.ts';
import { $wished, GUEST_WISHES_KEY, loadWishes, toggleWish, type WishOutcome } from '../../stores/wishList.ts';
import { track } from '../../stores/analytics.ts';
import { wishedProduct } from '../../domain/analytics/wishedProduct.ts';
import { HEART_SVG } from './heartPicture.ts';

/**
 * Every heart of the page (`button[data-wish]`: the product page's and each card's), one script
 * for all of them: `aria-pressed` follows the wished products (src/stores/wishList.ts), a click
 * anywhere on a heart toggles it (one listener on the document, so cards the catalogue enhancer
 * or the recently viewed strip put in later work too), and the live region says what happened.
 * The page is cached and the same for everyone: every heart is rendered unpressed and hidden
 * until this script marks the page (`<html data-wish-ready>`).
 */

const HIDE_AFTER_MS = 4000;

/**
 * A heart for every card that names its product and variant (`data-wish="<product>:<variant>"`,
 * ProductCard.astro) and has none yet, over its picture, before its badges: what WishHeart.astro
 * renders for the product page. `label` is the button's name with `{title}` for the card's title.
 */
function makeCardHearts(label: string): void {
  for (const card of document.querySelectorAll<HTMLElement>('article[data-wish]:not([data-wish-made])')) {
    card.toggleAttribute('data-wish-made', true);
    const [productId, variantId] = (card.dataset['wish'] ?? '').split(':');
    const media = card.querySelector('.media');
    if (!productId || !variantId || !media) continue;
    const title = card.querySelector('.title')?.textContent.trim() ?? '';
    const heart = document.createElement('button');
    heart.type = 'button';
    heart.className = 'wish wish--card';
    heart.dataset['wish'] = productId;
    heart.dataset['wishVariant'] = variantId;
    heart.dataset['wishTitle'] = title;
    heart.setAttribute('aria-pressed', 'false');
    heart.setAttribute('aria-label', label.replace('{title}', title));
    heart.innerHTML = HEART_SVG;
    media.insertBefore(heart, media.querySelector('.badges'));
  }
}

export function enhanceHearts(): void {
  const live = document.querySelector<HTMLElement>('[data-wish-live]');
  const texts = live?.dataset ?? {};

  const paint = () => {
    makeCardHearts(texts['label'] ?? '{title}');
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
