// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $wished,
  adoptGuestWishes,
  GUEST_WISHES_KEY,
  loadWishes,
  toggleWish,
  WISH_LIST_CHANGE_EVENT,
} from '../../src/stores/wishList.ts';

/**
 * The hearts' store (src/stores/wishList.ts): a guest's hearts stay in this browser without a
 * request; a signed-in shopper's go to the storefront's endpoints, shown at once and undone when
 * refused; a session found gone keeps the heart for the next sign-in; the guest's hearts join the
 * account once and leave the browser.
 */

const SIGNED_IN = 'bbs_customer=tag123';

function signIn(): void {
  document.cookie = `${SIGNED_IN}; path=/`;
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'bbs_customer=; Max-Age=0; path=/';
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  $wished.set(new Set());
});
afterEach(() => vi.unstubAllGlobals());

describe('a guest', () => {
  it('hearts and unhearts in this browser, with no request', async () => {
    const events = vi.fn();
    addEventListener(WISH_LIST_CHANGE_EVENT, events);
    expect(await toggleWish({ productId: 5, nomenclatureId: 50 })).toEqual({
      ok: true,
      wished: true,
      guest: true,
      message: null,
    });
    expect([...$wished.get()]).toEqual([5]);
    expect(JSON.parse(localStorage.getItem(GUEST_WISHES_KEY) ?? '[]')).toEqual([{ productId: 5, nomenclatureId: 50 }]);
    expect((await toggleWish({ productId: 5, nomenclatureId: 50 })).ok).toBe(true);
    expect($wished.get().size).toBe(0);
    expect(localStorage.getItem(GUEST_WISHES_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events).toHaveBeenCalledTimes(2);
    removeEventListener(WISH_LIST_CHANGE_EVENT, events);
  });

  it('loads what this browser kept', async () => {
    localStorage.setItem(GUEST_WISHES_KEY, JSON.stringify([{ productId: 9, nomenclatureId: 90 }]));
    await loadWishes();
    expect([...$wished.get()]).toEqual([9]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a signed-in shopper', () => {
  it('a heart goes to the endpoint and the answer’s products are shown', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(answer(200, { message: 'Добавлено', data: { productIds: [3, 7] } }));
    const outcome = await toggleWish({ productId: 7, nomenclatureId: 70 });
    expect(outcome).toEqual({ ok: true, wished: true, guest: false, message: 'Добавлено' });
    expect([...$wished.get()]).toEqual([3, 7]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/wish-list/heart?locale=ru');
    expect(JSON.parse(init.body as string)).toEqual({ productId: 7, nomenclatureId: 70, wished: true });
  });

  it('a refused heart is undone, with the endpoint’s message', async () => {
    signIn();
    $wished.set(new Set([1]));
    fetchMock.mockResolvedValueOnce(answer(503, { code: 503, message: 'Не удалось', fields: [] }));
    expect(await toggleWish({ productId: 2, nomenclatureId: 20 })).toEqual({ ok: false, message: 'Не удалось' });
    expect([...$wished.get()]).toEqual([1]);
  });

  it('a session found gone keeps the heart in this browser for the next sign-in', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(answer(401, { code: 401, message: 'Войдите', fields: [] }));
    expect(await toggleWish({ productId: 4, nomenclatureId: 40 })).toMatchObject({ ok: true, guest: true });
    expect(JSON.parse(localStorage.getItem(GUEST_WISHES_KEY) ?? '[]')).toEqual([{ productId: 4, nomenclatureId: 40 }]);
  });

  it('a guest’s hearts join the account once, then leave this browser; a failure keeps them', async () => {
    localStorage.setItem(GUEST_WISHES_KEY, JSON.stringify([{ productId: 8, nomenclatureId: 80 }]));
    signIn();
    fetchMock.mockResolvedValueOnce(answer(503, { code: 503, message: 'Не удалось', fields: [] }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await adoptGuestWishes()).toBe(false);
    expect(localStorage.getItem(GUEST_WISHES_KEY)).not.toBeNull();

    fetchMock.mockResolvedValueOnce(answer(200, { message: '', data: { productIds: [8] } }));
    fetchMock.mockResolvedValueOnce(answer(200, { productIds: [8, 2], lists: [] }));
    await loadWishes();
    expect(localStorage.getItem(GUEST_WISHES_KEY)).toBeNull();
    expect([...$wished.get()]).toEqual([8, 2]);
    const paths = fetchMock.mock.calls.map(([url]) => String(url));
    expect(paths).toEqual([
      '/api/account/wish-list/merge?locale=ru',
      '/api/account/wish-list/merge?locale=ru',
      '/api/account/wish-list?locale=ru',
    ]);
  });
});
