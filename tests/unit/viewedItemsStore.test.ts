// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptAnonymousViewed, viewedItems } from '../../src/stores/viewedItems.ts';

/**
 * The recently viewed list kept in the browser (spec §9 `bbs_viewedItems_<customer|anon>`): the
 * product page records its product first, a signed-in shopper's browser keeps the list under her
 * id, her anonymous list joins hers at sign-in, and a storage that refuses never breaks the page.
 */

afterEach(() => {
  localStorage.clear();
  document.cookie = 'bbs_customer=; max-age=0; path=/';
  vi.restoreAllMocks();
});

describe('the recently viewed list in local storage', () => {
  it('records the viewed product first, once, for the anonymous shopper', () => {
    expect(viewedItems(null)).toEqual([]);
    viewedItems(5);
    viewedItems(7);
    expect(viewedItems(5)).toEqual([5, 7]);
    expect(JSON.parse(localStorage.getItem('bbs_viewedItems_anon') ?? '[]')).toEqual([5, 7]);
  });

  it('keeps a signed-in shopper’s list under her id while the session hint is there', () => {
    document.cookie = 'bbs_customer=abc123; path=/';
    localStorage.setItem('bbs_basket_owner', '42');
    viewedItems(9);
    expect(JSON.parse(localStorage.getItem('bbs_viewedItems_42') ?? '[]')).toEqual([9]);
    expect(localStorage.getItem('bbs_viewedItems_anon')).toBeNull();
  });

  it('joins the anonymous list to the shopper’s at sign-in and drops the anonymous copy', () => {
    localStorage.setItem('bbs_viewedItems_anon', JSON.stringify([1, 2]));
    localStorage.setItem('bbs_viewedItems_42', JSON.stringify([3]));
    adoptAnonymousViewed('42');
    expect(localStorage.getItem('bbs_viewedItems_anon')).toBeNull();
    expect(JSON.parse(localStorage.getItem('bbs_viewedItems_42') ?? '[]')).toEqual(expect.arrayContaining([1, 2, 3]));
    // Nothing anonymous: nothing changes.
    adoptAnonymousViewed('42');
    expect(JSON.parse(localStorage.getItem('bbs_viewedItems_42') ?? '[]')).toHaveLength(3);
  });

  it('a broken or refusing storage gives an empty list and never throws', () => {
    localStorage.setItem('bbs_viewedItems_anon', '{not json');
    expect(viewedItems(null)).toEqual([]);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(viewedItems(3)).toEqual([3]);
    expect(() => adoptAnonymousViewed('42')).not.toThrow();
  });
});
