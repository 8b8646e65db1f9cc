// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialCheckoutForm } from '../../src/domain/checkout/checkoutForm.ts';
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';

/**
 * The checkout form and what the tab keeps of it (src/stores/checkout/checkoutForm.ts,
 * checkoutDraft.ts): fields typed as they are, the draft and the order's intent in sessionStorage
 * under the keys the sign-out clears, and nothing lost when storage refuses.
 */

vi.mock(import('../../src/stores/checkoutClients.ts'), () => ({}));

let $: Checkout;
beforeEach(async () => {
  sessionStorage.clear();
  $ = await freshCheckout();
});
afterEach(() => vi.unstubAllGlobals());

describe('the checkout form', () => {
  it('starts as the rules’ initial form, and takes a field as typed or ticked', () => {
    expect($.$checkoutForm.get()).toEqual(initialCheckoutForm());
    $.updateField('comment', '  после 18:00 ');
    $.updateField('callBack', false);
    expect($.$checkoutForm.get()).toMatchObject({ comment: '  после 18:00 ', callBack: false });
  });
});

describe('the tab’s draft and intent', () => {
  it('keeps the draft under the key the sign-out clears, and gives it back', () => {
    $.saveDraft({ ...initialCheckoutForm(), firstName: 'Олена', newOrderRequest: true });
    expect(sessionStorage.getItem('bbs_checkout_draft_anon')).toContain('Олена');
    expect($.restoreDraft()).toEqual({ ...initialCheckoutForm(), firstName: 'Олена' });
  });

  it('keeps the order’s intent beside it, and forgets it', () => {
    const intent = { key: crypto.randomUUID(), body: '{"phone":"380501234567"}' };
    $.saveIntent(intent);
    expect(sessionStorage.getItem('bbs_checkout_draft_anon_intent')).not.toBeNull();
    expect($.readIntent()).toEqual(intent);
    $.saveIntent(null);
    expect($.readIntent()).toBeNull();
  });

  it('trusts nothing it reads back: a broken draft is the initial form, a broken intent none', () => {
    sessionStorage.setItem('bbs_checkout_draft_anon', '{"firstName": 5');
    sessionStorage.setItem('bbs_checkout_draft_anon_intent', '{"key":"not a key","body":""}');
    expect($.restoreDraft()).toEqual(initialCheckoutForm());
    expect($.readIntent()).toBeNull();
  });

  it('lives without storage when the browser refuses it (privacy mode)', () => {
    const refuse = () => {
      throw new DOMException('refused', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(() => $.saveDraft(initialCheckoutForm())).not.toThrow();
    expect(() => $.saveIntent({ key: crypto.randomUUID(), body: '' })).not.toThrow();
    expect($.restoreDraft()).toEqual(initialCheckoutForm());
    expect($.readIntent()).toBeNull();
  });
});
