import { describe, expect, it } from 'vitest';
import { activeOwner, storageKey, STORAGE_NAMES } from '../../src/domain/basket/basketKeys.ts';
import { checkoutDraftKey } from '../../src/domain/checkout/checkoutForm.ts';
import { newBasketItem } from '../../src/domain/basket/basketItem.ts';
import { CERTIFICATE_LIMIT, LINE_QUANTITY_LIMIT } from '../../src/domain/basket/basketItem.ts';
import { mergeAnonymousBasket } from '../../src/domain/basket/basketLogin.ts';
import type { BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import { emptyBasket, type StoredBasket } from '../../src/domain/basket/storedBasket.ts';
import { basketItemInput } from './support/basketInput.ts';

const line = (id: number, count: number, stock = 50) =>
  newBasketItem(basketItemInput({ id, productId: id * 10, totalAmount: stock }), { count });

const basket = (items: StoredBasket['items'], certificates: BasketCertificate[] = []): StoredBasket => ({
  items,
  certificates,
  lastUpdatedTime: 1_700_000_000_000,
});

const code = (key: string): BasketCertificate => ({
  type: 0,
  key,
  title: '',
  discountAmount: 0,
  errorMessage: null,
  isAvailable: false,
  isChecked: false,
  orderDiscount: 0,
});

describe('mergeAnonymousBasket (storefront spec §4: on login the anonymous basket is merged into the user basket)', () => {
  it('adds the quantities of the same variant', () => {
    const merged = mergeAnonymousBasket(basket([line(101, 2)]), basket([line(101, 3)]));
    expect(merged.items.map((i) => [i.key, i.count])).toEqual([['101_price', 5]]);
  });

  it("keeps the customer's lines first, then the anonymous ones", () => {
    const merged = mergeAnonymousBasket(basket([line(101, 1)]), basket([line(202, 2), line(303, 1)]));
    expect(merged.items.map((i) => [i.key, i.count])).toEqual([
      ['101_price', 1],
      ['202_price', 2],
      ['303_price', 1],
    ]);
  });

  it('caps the summed quantity at the stock last seen', () => {
    const merged = mergeAnonymousBasket(basket([line(101, 3, 4)]), basket([line(101, 3, 4)]));
    expect(merged.items[0]?.count).toBe(4);
  });

  it('caps the summed quantity at the line limit', () => {
    const big = LINE_QUANTITY_LIMIT - 1;
    const merged = mergeAnonymousBasket(basket([line(101, big, 10_000)]), basket([line(101, big, 10_000)]));
    expect(merged.items[0]?.count).toBe(LINE_QUANTITY_LIMIT);
  });

  it('is the anonymous basket when the customer has none stored, and the other way round', () => {
    const anonymous = basket([line(101, 2)]);
    expect(mergeAnonymousBasket(emptyBasket(), anonymous).items.map((i) => i.count)).toEqual([2]);
    expect(mergeAnonymousBasket(anonymous, emptyBasket()).items.map((i) => i.count)).toEqual([2]);
  });

  it('joins the codes, each once, within the limit', () => {
    const many = Array.from({ length: CERTIFICATE_LIMIT }, (_, i) => code(`A${i}`));
    expect(
      mergeAnonymousBasket(basket([], [code('SPRING')]), basket([], [code('SPRING'), code('SUMMER')])).certificates.map(
        (c) => c.key,
      ),
    ).toEqual(['SPRING', 'SUMMER']);
    expect(mergeAnonymousBasket(basket([], many), basket([], [code('LATE')])).certificates).toHaveLength(
      CERTIFICATE_LIMIT,
    );
  });

  it('asks for a check: the merged basket has never been checked', () => {
    expect(mergeAnonymousBasket(basket([line(101, 1)]), basket([line(101, 1)])).lastUpdatedTime).toBeNull();
  });
});

describe('activeOwner: whose stored basket the page uses', () => {
  it.each([
    [true, '1042', '1042'],
    [false, '1042', null],
    [true, null, null],
    [true, 'anon', null],
    [true, '../x', null],
    [true, '0', null],
  ])('hint %s, recorded %s → %s', (hint, recorded, owner) => {
    expect(activeOwner(hint, recorded)).toBe(owner);
  });

  it('names the per-customer key of spec §9', () => {
    expect(storageKey(STORAGE_NAMES.basket, activeOwner(true, '1042'))).toBe('bbs_basket_1042');
    expect(storageKey(STORAGE_NAMES.basket, activeOwner(false, '1042'))).toBe('bbs_basket_anon');
  });

  it("spells the checkout draft's key as the checkout does (sign-out clears it)", () => {
    expect(storageKey(STORAGE_NAMES.checkoutDraft)).toBe(checkoutDraftKey());
  });
});
