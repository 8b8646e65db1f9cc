import {
  addToBasketEvent,
  addToWishListEvent,
  pageViewEvent,
  productViewEvent,
  promotionEvent,
  promotionsEvent,
  purchaseEvent,
  type AnalyticsOrder,
  type AnalyticsProduct,
  type DataLayerEvent,
  type PromotionFacts,
} from '../../domain/analytics/analyticsEvents.ts';
import {
  parseAnalyticsSession,
  withPromotion,
  withVisit,
  type AnalyticsSession,
} from '../../domain/analytics/analyticsSession.ts';
import { FUNNEL_STEP, parseFunnel, reachStep, type FunnelStep } from '../../domain/analytics/checkoutFunnel.ts';
import {
  cartStatusEvent,
  EMAIL_BASKET_ID_KEY,
  pageViewEmailEvent,
  productPageEmailEvent,
  purchasedItemsEvent,
  wishListEmailEvent,
  type EmailEvent,
} from '../../domain/analytics/emailMarketing.ts';
import type { AnalyticsSignal } from '../../stores/analytics.ts';
import { beaconSender } from './beaconSender.ts';

/**
 * The analytics runtime (issue 12), loaded only after the shopper agreed and the page is idle
 * (ConsentBanner.astro). It fills the `dataLayer` with the spec's events, keeps the analytics
 * session and the checkout funnel in sessionStorage, and sends every event, and the e-mail
 * service's, to the shop's own collector with `sendBeacon` (no third-party script at all).
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const SESSION_KEY = 'bbs_analytics_session';
const FUNNEL_KEY = 'bbs_analytics_funnel';
/** Orders whose purchase was sent from this browser: a reload of the thank-you page sends none. */
const PURCHASES_KEY = 'bbs_analytics_purchases';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage refused (privacy mode): the events still go, the session lasts the page.
  }
}

function dataScript(selector: string): unknown {
  try {
    return JSON.parse(document.querySelector(selector)?.textContent ?? '');
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One product line of a data script, or null when it is not one (the page's own data, checked anyway). */
function productOf(value: unknown, count: number): AnalyticsProduct | null {
  if (!isRecord(value)) return null;
  const { productId, title, displayArticle } = value;
  if (typeof productId !== 'number' || typeof title !== 'string' || typeof displayArticle !== 'string') return null;
  return {
    productId,
    title,
    brand: text(value['brand']),
    folderCategory: text(value['folderCategory']),
    category: text(value['category']),
    colorPresentation: text(value['colorPresentationTitle'] ?? value['colorPresentation']),
    sizePresentation: text(value['sizePresentationTitle'] ?? value['sizePresentation']),
    displayArticle,
    price: 0,
    count,
  };
}

/** The product page's line data (AddToBasket.astro's `data-basket-item`): the product viewed. */
function productOfPage(): AnalyticsProduct | null {
  const value = dataScript('script[data-basket-item]');
  const product = productOf(value, 1);
  if (!product || !isRecord(value)) return null;
  const { recommendedPrice, sellingPrice } = value;
  if (typeof recommendedPrice !== 'number' || typeof sellingPrice !== 'number') return null;
  // Spec §9: the final price is the lower of the two.
  return { ...product, price: Math.min(recommendedPrice, sellingPrice) };
}

/** The thank-you page's order (OrderPageView.astro's `data-analytics-order`). */
function orderOfPage(): AnalyticsOrder | null {
  const value = dataScript('script[data-analytics-order]');
  if (!isRecord(value)) return null;
  const { number, price, deliveryPrice, items } = value;
  if (typeof number !== 'string' || typeof price !== 'number' || typeof deliveryPrice !== 'number') return null;
  if (!Array.isArray(items)) return null;
  const lines = items.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item['count'] !== 'number' || typeof item['price'] !== 'number') return [];
    const product = productOf(item, item['count']);
    return product ? [{ ...product, price: item['price'] }] : [];
  });
  return { number, price, deliveryPrice, items: lines };
}

/** The slides' promotions (MainSlider.astro's data attributes). */
function promotionOf(element: HTMLElement): PromotionFacts {
  const { promotionId, promotionName, creativeSlot } = element.dataset;
  return { promotion_id: promotionId, promotion_name: promotionName, creative_slot: creativeSlot };
}

export interface AnalyticsConfig {
  /** The shop's collector (`POST`, JSON `{channel, events}`). */
  collectUrl: string;
}

export function startAnalytics(config: AnalyticsConfig): void {
  const layer = (window.dataLayer ??= []);
  const send = beaconSender(config.collectUrl);
  // A consent withdrawn from the footer stops everything at once (ConsentBanner.astro sets the flag).
  const emit = (event: DataLayerEvent | null) => {
    if (!event || window.bbsAnalyticsOff) return;
    layer.push(event);
    send('analytics', event);
  };
  const email = (event: EmailEvent | null) => {
    if (event && !window.bbsAnalyticsOff) send('email', event);
  };

  let session: AnalyticsSession = withVisit(
    parseAnalyticsSession(read(sessionStorage, SESSION_KEY)),
    new URL(location.href),
    document.referrer,
  );
  const keepSession = (next: AnalyticsSession) => {
    session = next;
    write(sessionStorage, SESSION_KEY, JSON.stringify(next));
  };
  keepSession(session);

  const step = (at: FunnelStep, option: string) => {
    const reached = reachStep(parseFunnel(read(sessionStorage, FUNNEL_KEY)), at, option);
    write(sessionStorage, FUNNEL_KEY, JSON.stringify(reached.state));
    reached.events.forEach(emit);
  };

  /** Spec §4: the e-mail service's basket id, made with the first basket event. */
  const basketId = () => {
    const known = read(localStorage, EMAIL_BASKET_ID_KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    write(localStorage, EMAIL_BASKET_ID_KEY, made);
    return made;
  };

  const product = productOfPage();
  const handle = (signal: AnalyticsSignal) => {
    switch (signal.kind) {
      case 'addToBasket':
        emit(addToBasketEvent(signal.product, session.lastPromotion));
        return;
      case 'addToWishList': {
        // On the product's own page its full data (brand, categories, price) replaces the heart's.
        const wished = product?.productId === signal.product.productId ? product : signal.product;
        emit(addToWishListEvent(wished));
        email(wishListEmailEvent(wished));
        return;
      }
      case 'cart':
        email(cartStatusEvent(basketId(), signal.products));
        return;
      case 'checkoutStep':
        step(signal.step, signal.option);
        return;
    }
  };

  emit(pageViewEvent(location.pathname, document.title));
  email(pageViewEmailEvent(location.pathname));
  if (product) {
    emit(productViewEvent(product, session.lastPromotion));
    email(productPageEmailEvent(product));
  }
  const order = orderOfPage();
  const sent = (read(localStorage, PURCHASES_KEY) ?? '').split(',');
  if (order && !sent.includes(order.number)) {
    step(FUNNEL_STEP.purchase, order.number);
    emit(purchaseEvent(order, session.lastPromotion));
    email(purchasedItemsEvent(order, read(localStorage, EMAIL_BASKET_ID_KEY)));
    // Spec §4: the basket id goes after a purchase; the funnel starts again with the next basket.
    write(localStorage, EMAIL_BASKET_ID_KEY, null);
    write(sessionStorage, FUNNEL_KEY, null);
    write(localStorage, PURCHASES_KEY, [order.number, ...sent.filter(Boolean)].slice(0, 20).join(','));
  }

  // What was tracked before the runtime came (and before the shopper agreed), then every signal as it comes.
  const queued = window.bbsAnalytics;
  window.bbsAnalytics = { push: handle };
  if (Array.isArray(queued)) queued.forEach((signal: AnalyticsSignal) => handle(signal));

  watchPromotions(emit, (facts) => {
    const { promotion_id: id, promotion_name: name } = facts;
    if (id && name) keepSession(withPromotion(session, { promotion_id: id, promotion_name: name }));
  });
}

/**
 * Promotion views and selections of the slides and promotion lists (`[data-promotion-id]`): one
 * multi-promotion view per slider or list when it first shows, and a selection on a click of one.
 */
function watchPromotions(emit: (event: DataLayerEvent | null) => void, selected: (facts: PromotionFacts) => void) {
  // Slides, and lists of promotions (the promotions page, a product's promotions).
  const sliders = [
    ...document.querySelectorAll<HTMLElement>('[data-main-slider], .main-slider, [data-promotion-list]'),
  ];
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const slides = [...entry.target.querySelectorAll<HTMLElement>('[data-promotion-id]')];
      emit(promotionsEvent('view_promotion', slides.map(promotionOf)));
    }
  });
  for (const slider of new Set(sliders)) observer.observe(slider);
  document.addEventListener('click', (event) => {
    const slide = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-promotion-id]') : null;
    if (!slide) return;
    const facts = promotionOf(slide);
    emit(promotionEvent('select_promotion', facts));
    selected(facts);
  });
}
