import { afterEach, describe, expect, it, vi } from 'vitest';
import CopyLink from '../../src/components/share/CopyLink.astro';
import { startCopyLinks } from '../../src/components/share/copyLink.ts';
import { renderView } from './renderView.ts';

/** Spec §9 "Copy-link hint 2 s", written out: a change of the script's constant must fail here. */
const COPIED_HINT_MS = 2000;
const URL_SHOWN = 'https://shop.example/wishlist/abcDEF123';

/** A clipboard that records what it was given, or refuses. */
function clipboard(refuse = false) {
  const written: string[] = [];
  return {
    written,
    writeText: vi.fn((text: string) => {
      if (refuse) return Promise.reject(new DOMException('denied', 'NotAllowedError'));
      written.push(text);
      return Promise.resolve();
    }),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyLink.astro', () => {
  it('is hidden until the script finds the clipboard API (no JavaScript, an old browser)', async () => {
    const { body, view } = await renderView(CopyLink, { url: URL_SHOWN });
    expect(body.querySelector('[data-copy-link]')?.hasAttribute('hidden')).toBe(true);
    startCopyLinks(body.ownerDocument, undefined);
    expect(view.queryByRole('button')).toBeNull();
  });

  it('copies the absolute URL and says so for 2 s in a polite live region', async () => {
    vi.useFakeTimers();
    const { body, view } = await renderView(CopyLink, { url: URL_SHOWN }, 'http://127.0.0.1/ua/');
    const board = clipboard();
    startCopyLinks(body.ownerDocument, board);
    const button = view.getByRole('button', { name: 'Копіювати посилання' });
    const hint = view.getByRole('status');
    expect(hint.getAttribute('aria-live')).toBe('polite');
    expect(hint.textContent).toBe('');

    button.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(board.written).toEqual([URL_SHOWN]);
    expect(hint.textContent).toBe('Скопійовано');

    // A second click restarts the 2 s.
    await vi.advanceTimersByTimeAsync(COPIED_HINT_MS - 500);
    button.click();
    await vi.advanceTimersByTimeAsync(COPIED_HINT_MS - 1);
    expect(hint.textContent).toBe('Скопійовано');
    await vi.advanceTimersByTimeAsync(1);
    expect(hint.textContent).toBe('');
  });

  it('says nothing when the browser refuses the copy', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { body, view } = await renderView(CopyLink, { url: URL_SHOWN });
    startCopyLinks(body.ownerDocument, clipboard(true));
    view.getByRole('button', { name: 'Копировать ссылку' }).click();
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(view.getByRole('status').textContent).toBe('');
    error.mockRestore();
  });
});

describe('CopyLink.astro among several', () => {
  it('names which link it copies when given what the link leads to', async () => {
    const { body, view } = await renderView(CopyLink, { url: URL_SHOWN, of: 'Подарки' });
    startCopyLinks(body.ownerDocument, clipboard());
    expect(view.getByRole('button', { name: 'Копировать ссылку: Подарки' })).toBeTruthy();
  });
});
