import { describe, expect, it } from 'vitest';
import {
  addToBasketEvent,
  pageViewEvent,
  promotionEvent,
  promotionsEvent,
  purchaseEvent,
  type AnalyticsProduct,
} from '../../src/domain/analytics/analyticsEvents.ts';
import { parseAnalyticsSession, trafficSource, withVisit } from '../../src/domain/analytics/analyticsSession.ts';
import { parseFunnel, reachStep, type FunnelState } from '../../src/domain/analytics/checkoutFunnel.ts';
import { consentRecord, parseConsent } from '../../src/domain/analytics/consent.ts';

const pram: AnalyticsProduct = {
  productId: 42,
  title: 'Коляска',
  brand: 'Chicco',
  folderCategory: 'Коляски',
  category: null,
  colorPresentation: 'Синий',
  sizePresentation: null,
  displayArticle: 'A-42',
  price: 12_000,
  count: 2,
};

describe('the spec’s rules for sending an event (accounts §5)', () => {
  it('a promotion event needs promotion_id, promotion_name and creative_slot', () => {
    const full = { promotion_id: 'p1', promotion_name: 'Весна', creative_slot: 'main-1' };
    expect(promotionEvent('select_promotion', full)).toEqual({ event: 'select_promotion', ecommerce: full });
    expect(promotionEvent('select_promotion', { ...full, creative_slot: undefined })).toBeNull();
    expect(promotionEvent('view_promotion', { ...full, promotion_name: ' ' })).toBeNull();
    expect(promotionEvent('view_promotion', { ...full, promotion_id: null })).toBeNull();
  });

  it('a multi-promotion event needs every item with an id and a name', () => {
    const a = { promotion_id: 'p1', promotion_name: 'Весна' };
    expect(promotionsEvent('view_promotion', [a, { promotion_id: 'p2', promotion_name: 'Літо' }])).toMatchObject({
      ecommerce: { items: [a, { promotion_id: 'p2' }] },
    });
    expect(promotionsEvent('view_promotion', [a, { promotion_id: 'p2' }])).toBeNull();
    expect(promotionsEvent('view_promotion', [])).toBeNull();
  });

  it('a page view needs a path', () => {
    expect(pageViewEvent('/odezhda', 'Одежда')).toEqual({
      event: 'page_view',
      page_path: '/odezhda',
      page_title: 'Одежда',
    });
    expect(pageViewEvent('', 'x')).toBeNull();
  });

  it('items carry the spec’s analytics fields; the last promotion rides along; a purchase its order fields', () => {
    const added = addToBasketEvent(pram, { promotion_id: 'p1', promotion_name: 'Весна' });
    expect(added).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'UAH',
        value: 24_000,
        items: [
          {
            item_id: '42',
            item_name: 'Коляска',
            item_brand: 'Chicco',
            item_category: 'Коляски',
            item_variant: 'Синий',
            item_sku: 'A-42',
            price: 12_000,
            quantity: 2,
            promotion_id: 'p1',
            promotion_name: 'Весна',
          },
        ],
      },
    });
    expect(purchaseEvent({ number: '1000007', price: 24_069, deliveryPrice: 69, items: [pram] }, null)).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: '1000007', value: 24_069, shipping: 69, currency: 'UAH' },
    });
  });
});

describe('the checkout funnel (accounts §4)', () => {
  const steps = (state: FunnelState) => state.map((s) => [s.step, s.option]);

  it('fills skipped steps as New User, a skipped delivery as Restored event', () => {
    const { state, events } = reachStep([], 5, '2');
    expect(steps(state)).toEqual([
      [1, 'New User'],
      [2, 'New User'],
      [3, 'New User'],
      [4, 'Restored event'],
      [5, '2'],
    ]);
    expect(events.map((e) => e['checkout_step'])).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not send a basket, checkout or login step twice', () => {
    const first = reachStep([], 3, 'Registered User');
    expect(reachStep(first.state, 2, 'New User').events).toEqual([]);
    expect(reachStep(first.state, 3, 'Registered User').events).toEqual([]);
  });

  it('going back to the delivery clears the delivery and what followed, then sends it again', () => {
    const paid = reachStep(reachStep([], 4, 'np-warehouse').state, 5, '1').state;
    const again = reachStep(paid, 4, 'im-courier');
    expect(steps(again.state)).toEqual([
      [1, 'New User'],
      [2, 'New User'],
      [3, 'New User'],
      [4, 'im-courier'],
    ]);
    expect(again.events).toEqual([{ event: 'checkout_step', checkout_step: 4, checkout_option: 'im-courier' }]);
  });

  it('reads back only well-formed steps', () => {
    expect(parseFunnel('[{"step":2,"option":"New User"},{"step":9,"option":"x"},{"step":3}]')).toEqual([
      { step: 2, option: 'New User' },
    ]);
    expect(parseFunnel('nonsense')).toEqual([]);
    expect(parseFunnel(null)).toEqual([]);
  });
});

describe('the analytics session keeps sources and search terms', () => {
  it('takes utm_* first, then another site’s referrer; the shop itself is no source', () => {
    const url = new URL('https://shop.ua/?utm_source=email&utm_medium=newsletter&utm_campaign=spring');
    expect(trafficSource(url, '')).toEqual({ source: 'email', medium: 'newsletter', campaign: 'spring' });
    expect(trafficSource(new URL('https://shop.ua/'), 'https://www.google.com/search')).toEqual({
      source: 'www.google.com',
      medium: 'referral',
      campaign: null,
    });
    expect(trafficSource(new URL('https://shop.ua/odezhda'), 'https://shop.ua/')).toBeNull();
  });

  it('records search terms newest first without repeats, and survives garbage in storage', () => {
    let session = parseAnalyticsSession('{"searchTerms":[1,"лего"],"lastPromotion":{"promotion_id":5}}');
    expect(session).toEqual({ lastPromotion: null, sources: [], searchTerms: ['лего'] });
    session = withVisit(session, new URL('https://shop.ua/ua/search-result?q=коляска'), '');
    session = withVisit(session, new URL('https://shop.ua/search-result?q=ЛЕГО'), '');
    expect(session.searchTerms).toEqual(['ЛЕГО', 'коляска']);
  });
});

describe('the consent', () => {
  it('is read back only when well-formed', () => {
    const record = consentRecord(true, new Date('2026-11-26T10:00:00Z'));
    expect(parseConsent(record)).toEqual({ analytics: true, at: '2026-11-26T10:00:00.000Z' });
    expect(parseConsent('{"analytics":"yes","at":"x"}')).toBeNull();
    expect(parseConsent('nope')).toBeNull();
    expect(parseConsent(null)).toBeNull();
  });
});
