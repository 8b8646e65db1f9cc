import type { PickerData, PickerVariant, PriceView } from '../../domain/product/productPageModel.ts';
import { variantsOfColor } from '../../domain/product/variantChoice.ts';
import {
  $choiceHref,
  $chosenVariant,
  $pickerData,
  $variantChoice,
  $variantPage,
  chooseColor,
  chooseSize,
  initVariantChoice,
} from '../../stores/productVariant.ts';

/**
 * The variant picker in place (issue 29; docs/decisions.md "The variant picker switches in place"):
 * the colour and size links stay what they are without JavaScript; here a tap on one chooses it in
 * the store, and this draws the choice: the swatches (never reordered), the colour's sizes, price,
 * stock, article, the basket form, «Купити в один клік», «Повідомити про наявність», the sticky buy bar and the URL
 * (`history.replaceState`, no reload, no jump). The gallery and the shops are swapped in from the
 * choice's page when it arrives ($variantPage). Texts come from the page (data script, attributes).
 */

const $ = <E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E | null =>
  root.querySelector<E>(selector);

/** The page's own data script (productPicker.ts wrote it for this page): checked for its outline only. */
function isPickerData(value: unknown): value is PickerData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'base') === 'string' &&
    Array.isArray(Reflect.get(value, 'variants')) &&
    Array.isArray(Reflect.get(value, 'colors'))
  );
}

function readData(root: HTMLElement): PickerData | null {
  try {
    const value: unknown = JSON.parse($('script[data-picker-data]', root)?.textContent ?? '');
    return isPickerData(value) ? value : null;
  } catch {
    return null;
  }
}

function setText(selector: string, text: string | null): void {
  const element = $(selector);
  if (!element) return;
  element.hidden = text === null;
  if (text !== null) element.textContent = text;
}

function drawPrice(price: PriceView): void {
  const strong = $('[data-picker-price]');
  if (strong) {
    strong.dataset['price'] = String(price.final);
    strong.textContent = price.text;
  }
  const old = $('[data-old-price]');
  if (old) old.hidden = price.oldText === null;
  setText('[data-old-text]', price.oldText);
  setText('[data-badge]', price.badgeText);
  setText('[data-bar-price]', price.text);
}

function drawSizes(root: HTMLElement, data: PickerData, color: string, chosen: PickerVariant | null): void {
  const list = $<HTMLUListElement>('ul.sizes', root);
  const fieldset = list?.closest('fieldset');
  if (!list || !fieldset) return;
  const sized = variantsOfColor(data.variants, color).filter((v) => v.size !== null);
  fieldset.hidden = sized.length === 0;
  const unavailable = list.dataset['unavailable'] ?? '';
  const shown = [...list.querySelectorAll<HTMLAnchorElement>('a.size')];
  const sameColor = shown.length === sized.length && shown.every((link) => link.href.includes(`color=${color}&`));
  if (sameColor) {
    // Only the size changed: the links stay (and keep the focus), only which is current.
    for (const link of shown) {
      const current = link.dataset['size'] === chosen?.size;
      link.classList.toggle('current', current);
      if (current) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    return;
  }
  list.replaceChildren(
    ...sized.map((v) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      const current = chosen?.id === v.id;
      link.href = `${data.base}?${new URLSearchParams({ color, size: v.size ?? '' })}`;
      link.className = `size${current ? ' current' : ''}${v.stockAmount > 0 ? '' : ' unavailable'}`;
      link.dataset['size'] = v.size ?? '';
      link.rel = 'nofollow';
      link.textContent = v.sizeTitle;
      if (current) link.setAttribute('aria-current', 'true');
      if (v.stockAmount <= 0) {
        const note = document.createElement('span');
        note.className = 'visually-hidden';
        note.textContent = ` (${unavailable})`;
        link.append(note);
      }
      item.append(link);
      return item;
    }),
  );
}

function drawBasket(chosen: PickerVariant | null): void {
  const form = $<HTMLFormElement>('form[data-add-to-basket]');
  if (!form) return;
  const needsSize = chosen === null;
  const canBuy = chosen !== null && chosen.max > 0 && chosen.item !== null;
  form.hidden = !needsSize && !canBuy;
  form.method = needsSize ? 'get' : 'post';
  if (!needsSize) form.action = form.dataset['postAction'] ?? form.action;
  if (needsSize) form.dataset['needsSize'] = '';
  else delete form.dataset['needsSize'];
  form.querySelectorAll<HTMLInputElement>('[data-ask-size-field]').forEach((input) => (input.disabled = !needsSize));
  form.querySelectorAll<HTMLInputElement>('[data-buy-field]').forEach((input) => (input.disabled = needsSize));
  // The basket's and «Купити в один клік»'s (which CSS shows while this form can buy: OneClickForm.astro).
  if (chosen) {
    document
      .querySelectorAll<HTMLInputElement>('form:is([data-add-to-basket], [data-one-click]) input[name="internalId"]')
      .forEach((id) => (id.value = String(chosen.id)));
  }
  const quantity = $<HTMLInputElement>('input[name="quantity"]', form);
  if (quantity && chosen && chosen.max > 0) {
    quantity.max = String(chosen.max);
    if (Number(quantity.value) > chosen.max) quantity.value = String(chosen.max);
  }
  const item = $('script[data-basket-item]', form);
  if (item) item.textContent = JSON.stringify(canBuy ? chosen.item : null).replace(/</g, '\\u003c');
  const message = $('[data-basket-message]', form);
  if (message?.dataset['kind'] === 'refused') message.textContent = '';
  const notForSale = $('[data-not-for-sale]');
  if (notForSale) notForSale.hidden = needsSize || canBuy;
  const notify = $<HTMLFormElement>('form[data-stock-notify]');
  if (notify) {
    const soldOut = chosen !== null && chosen.max === 0;
    const shown = soldOut && notify.hidden;
    notify.hidden = !soldOut;
    if (shown) document.dispatchEvent(new CustomEvent('notify-shown'));
    const variant = $<HTMLInputElement>('input[name="variantId"]', notify);
    if (variant && chosen) variant.value = String(chosen.id);
  }
}

/** Regions of the choice's page that replace this page's (the gallery only when its colour differs). */
function swapRegions(html: string): void {
  const fetched = new DOMParser().parseFromString(html, 'text/html');
  for (const region of fetched.querySelectorAll<HTMLElement>('[data-variant-region]')) {
    const name = region.dataset['variantRegion'] ?? '';
    const here = $(`[data-variant-region="${name}"]`);
    if (!here) continue;
    if (name === 'gallery' && here.dataset['galleryColor'] === region.dataset['galleryColor']) continue;
    if (name === 'share') {
      // The link keeps its listener (ShareLink.astro): only where it points changes.
      const link = $<HTMLAnchorElement>('a[data-share]', here);
      const fresh = $<HTMLAnchorElement>('a[data-share]', region);
      if (link && fresh) {
        link.href = fresh.href;
        link.dataset['shareUrl'] = fresh.dataset['shareUrl'] ?? '';
      }
      continue;
    }
    here.replaceWith(document.importNode(region, true));
  }
  document.dispatchEvent(new CustomEvent('variant-regions'));
}

function askForSize(root: HTMLElement): void {
  const sizes = $('ul.sizes', root);
  const alert = $('[data-ask-size]', root);
  if (alert) alert.hidden = false;
  sizes?.closest('fieldset')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  $<HTMLAnchorElement>('a.size:not(.unavailable)', root)?.focus({ preventScroll: true });
}

/** The sticky bar shows while the page's own buy button (or the notify form) is off screen. */
function watchBuyBar(root: HTMLElement): void {
  const bar = $('[data-buy-bar]');
  if (!bar || !('IntersectionObserver' in window)) return;
  const targets = [$('[data-buy-button]'), $('form[data-stock-notify] button')].filter((e) => e !== null);
  const seen = new Set<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) seen.add(entry.target);
      else seen.delete(entry.target);
    }
    bar.hidden = seen.size > 0;
    document.documentElement.toggleAttribute('data-buy-bar-shown', !bar.hidden);
  });
  targets.forEach((target) => observer.observe(target));
  // The bar sits above the consent banner while it asks (BuyBar.astro's CSS): the banner's height.
  const banner = $('[data-consent]');
  if (banner && 'ResizeObserver' in window) {
    const html = document.documentElement;
    new ResizeObserver(() => html.style.setProperty('--consent-height', `${banner.offsetHeight}px`)).observe(banner);
  }
  $('button', bar)?.addEventListener('click', () => {
    const chosen = $chosenVariant.get();
    const form = $<HTMLFormElement>('form[data-add-to-basket]');
    if (chosen === null) askForSize(root);
    else if (chosen.max === 0) {
      const notify = $('form[data-stock-notify]');
      notify?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      $<HTMLInputElement>('input[name="contact"]', notify ?? document)?.focus({ preventScroll: true });
    } else form?.requestSubmit();
  });
}

export function bindVariantPicker(root: HTMLElement): void {
  const data = readData(root);
  if (!data) return;
  initVariantChoice(data, { color: root.dataset['color'] ?? '', size: root.dataset['size'] || null });
  const product = root.closest<HTMLElement>('.product');

  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('a.swatch, a.size');
    if (!link) return;
    event.preventDefault();
    if (link.classList.contains('swatch')) chooseColor(link.dataset['color'] ?? '');
    else chooseSize(link.dataset['size'] ?? '');
  });
  document.addEventListener('choose-size', () => askForSize(root));

  let first = true;
  // The choice, not the variant: two colours without a size both choose none, and still differ.
  $variantChoice.subscribe(({ color }) => {
    const chosen = $chosenVariant.get();
    const data = $pickerData.get();
    root.querySelectorAll<HTMLAnchorElement>('a.swatch').forEach((swatch) => {
      const current = swatch.dataset['color'] === color;
      swatch.classList.toggle('current', current);
      if (current) swatch.setAttribute('aria-current', 'true');
      else swatch.removeAttribute('aria-current');
    });
    const title = $(`a.swatch[data-color="${CSS.escape(color)}"]`, root)?.dataset['title'];
    if (title !== undefined) setText('[data-current-color]', title);
    if (first) {
      first = false;
      return;
    }
    drawSizes(root, data, color, chosen);
    const colorState = data.colors.find((c) => c.slug === color);
    drawPrice(chosen?.price ?? colorState?.price ?? { final: 0, text: '', oldText: null, badgeText: null });
    setText('[data-reward]', chosen?.rewardText ?? null);
    setText('[data-subscription-price]', chosen?.subscriptionText ?? null);
    const stock = $('[data-stock]');
    if (stock) {
      stock.dataset['stock'] = String(chosen?.stockAmount ?? 0);
      stock.textContent = chosen?.stockText ?? colorState?.stockText ?? '';
    }
    if (chosen) setText('[data-article]', chosen.article);
    if (product && chosen) product.dataset['variantId'] = String(chosen.id);
    const alert = $('[data-ask-size]', root);
    if (alert && chosen) alert.hidden = true;
    drawBasket(chosen);
    const bar = $('[data-buy-bar] button');
    if (bar) bar.textContent = (chosen && chosen.max === 0 ? bar.dataset['notify'] : bar.dataset['buy']) ?? '';
    history.replaceState(history.state, '', $choiceHref.get());
  });

  $variantPage.subscribe((state) => {
    if (state.status === 'ready' && state.href === $choiceHref.get()) swapRegions(state.page.html);
  });
  watchBuyBar(root);
}
