/** @vitest-environment happy-dom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BasketDrawer } from '../../src/components/basket/BasketDrawer.tsx';
import { mountBasketDrawer } from '../../src/components/basket/mountBasketDrawer.tsx';
import { $basketCheck } from '../../src/stores/basket.ts';
import { line, lineInput, resetBasket, setBasket, stubNetwork } from './basketFixtures.ts';
import { pressEscape } from './pressEscape.ts';

let opener: HTMLButtonElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubNetwork();
  resetBasket();
  document.documentElement.style.overflow = '';
  // The add-to-basket button the shopper pressed: it has the focus when the drawer mounts.
  opener = document.createElement('button');
  opener.textContent = 'В корзину';
  document.body.append(opener);
  opener.focus();
});
afterEach(() => {
  cleanup();
  opener.remove();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dialog = () => screen.getByRole('dialog', { name: 'Корзина' });
const openEvent = () => act(() => void window.dispatchEvent(new CustomEvent('bbs:basket-open')));

describe('BasketDrawer', () => {
  it('is a modal dialog named by its heading, open when mounted, with the focus inside', () => {
    setBasket([line(lineInput(), 1)]);
    render(<BasketDrawer locale="ru" />);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(within(dialog()).getByRole('heading', { level: 2, name: 'Корзина' })).toBeTruthy();
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(within(dialog()).getByRole('link', { name: 'Комбинезон зимний' })).toBeTruthy();
  });

  it('locks the page scroll while open and gives it back on close', () => {
    document.documentElement.style.overflow = 'scroll';
    render(<BasketDrawer locale="ru" />);
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть корзину' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('scroll');
  });

  it('closes on Escape and gives the focus back to what opened it', () => {
    render(<BasketDrawer locale="ru" />);
    expect(document.activeElement).not.toBe(opener);
    pressEscape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on a click beside it', () => {
    const { container } = render(<BasketDrawer locale="ru" />);
    const backdrop = container.querySelector('.basket-drawer-backdrop');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.click(dialog());
    expect(dialog()).toBeTruthy();
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('opens again on the opener’s window event', () => {
    render(<BasketDrawer locale="uk" />);
    fireEvent.click(screen.getByRole('button', { name: 'Закрити кошик' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    opener.focus();
    openEvent();
    const reopened = screen.getByRole('dialog', { name: 'Кошик' });
    expect(reopened.contains(document.activeElement)).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('keeps Tab inside: from the last control to the first and back', () => {
    setBasket([line(lineInput(), 1)]);
    render(<BasketDrawer locale="ru" />);
    const close = screen.getByRole('button', { name: 'Закрыть корзину' });
    // The last control is the one-click fold's summary: its form's fields do not count while closed.
    const fold = within(dialog()).getByText('Купить в один клик', { selector: 'summary' });
    fold.focus();
    fireEvent.keyDown(fold, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(fold);
  });

  it('checks the basket at once when opened, not a second later', async () => {
    setBasket([line(lineInput(), 1)]);
    render(<BasketDrawer locale="ru" />);
    expect($basketCheck.get().status).toBe('idle');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect($basketCheck.get().status).toBe('checking');
    expect(screen.getByText('Проверяем цены…')).toBeTruthy();
    // Offline (the stubbed network): the check fails and the drawer says so.
    await act(() => vi.waitFor(() => expect($basketCheck.get().status).toBe('error')));
    expect(within(dialog()).getByRole('alert').textContent).toContain('Не удалось проверить корзину');
  });
});

describe('mountBasketDrawer', () => {
  it('puts the open drawer on screen before it returns, and unmounts it', () => {
    const container = document.createElement('div');
    document.body.append(container);
    let unmount: () => void = () => {};
    act(() => {
      unmount = mountBasketDrawer(container, 'uk');
      // Still inside act, which holds back every render that is not synchronous.
      expect(within(container).getByRole('dialog', { name: 'Кошик' })).toBeTruthy();
    });
    expect(within(container).getByText('У кошику поки порожньо')).toBeTruthy();
    act(() => unmount());
    expect(container.childElementCount).toBe(0);
    expect(document.documentElement.style.overflow).toBe('');
    container.remove();
  });
});
