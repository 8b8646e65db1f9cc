/** @vitest-environment happy-dom */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BasketPageIsland } from '../../src/components/basket/BasketPageIsland.tsx';
import { $basket, $basketCheck, type ServerBasketLines } from '../../src/stores/basket.ts';
import { line, lineInput, resetBasket, setBasket, strollerInput, stubNetwork } from './basketFixtures.ts';

const MERGED_KEY = 'bbs_basket_merged_anon';
let network: ReturnType<typeof stubNetwork>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  network = stubNetwork();
  resetBasket();
});
afterEach(() => {
  cleanup();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the server kept from a shopper's form posts: 2 overalls; each test its own version. */
let versions = 0;
function serverLines(lines: ServerBasketLines['lines'] = [{ input: lineInput(), count: 2 }]): ServerBasketLines {
  versions += 1;
  return { version: `v-${versions}-${Date.now()}`, lines };
}
const clearCalls = () => network.filter((call) => call.url.endsWith('/api/basket/session/clear'));
const mergedVersions = (): unknown => JSON.parse(localStorage.getItem(MERGED_KEY) ?? 'null');
/** Lets the clear POST's answer arrive. */
const settle = () => act(() => vi.waitFor(() => expect(clearCalls().length).toBeGreaterThan(0)));

describe('BasketPageIsland: taking in the server’s lines', () => {
  it('merges them into the browser’s basket once, remembers the version and has the server forget them', async () => {
    setBasket([line(lineInput(), 1), line(strollerInput(), 1)]);
    const server = serverLines();
    render(<BasketPageIsland locale="ru" serverLines={server} />);
    await settle();

    expect($basket.get().items.map((item) => [item.key, item.count])).toEqual([
      ['101_price', 3],
      ['202_price', 1],
    ]);
    expect(mergedVersions()).toEqual([server.version]);
    expect(clearCalls().map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: JSON.stringify({ version: server.version }) },
    ]);
    const list = screen.getByRole('list', { name: 'Товары в корзине' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    // The same page again (a reload, the back button): nothing is added twice, nothing posted again.
    cleanup();
    render(<BasketPageIsland locale="ru" serverLines={server} />);
    expect($basket.get().items.find((item) => item.key === '101_price')?.count).toBe(3);
    expect(clearCalls()).toHaveLength(1);
  });

  it('hides the page’s own server-rendered list of those lines once it runs', async () => {
    const list = document.createElement('section');
    list.dataset['serverBasket'] = '';
    document.body.append(list);
    render(<BasketPageIsland locale="ru" serverLines={serverLines()} />);
    await settle();
    expect(list.hidden).toBe(true);
    list.remove();
  });

  it('skips a version this browser took in before (kept in localStorage)', () => {
    const server = serverLines();
    localStorage.setItem(MERGED_KEY, JSON.stringify([server.version]));
    render(<BasketPageIsland locale="ru" serverLines={server} />);
    expect($basket.get().items).toEqual([]);
    expect(clearCalls()).toEqual([]);
    expect(screen.getByText('В корзине пока пусто')).toBeTruthy();
  });

  it('keeps the last 10 versions', async () => {
    const older = Array.from({ length: 10 }, (_, i) => `old-${i}`);
    localStorage.setItem(MERGED_KEY, JSON.stringify(older));
    const server = serverLines();
    render(<BasketPageIsland locale="ru" serverLines={server} />);
    await settle();
    expect(mergedVersions()).toEqual([...older.slice(1), server.version]);
  });

  it('logs a failed clear and still never merges that version twice', async () => {
    network = stubNetwork(500);
    const server = serverLines();
    render(<BasketPageIsland locale="ru" serverLines={server} />);
    await settle();
    await act(() =>
      vi.waitFor(() => expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('not cleared'), 'HTTP 500')),
    );
    cleanup();
    render(<BasketPageIsland locale="ru" serverLines={server} />);
    expect($basket.get().items.map((item) => item.count)).toEqual([2]);
  });

  it('with no server lines posts nothing, shows the browser’s basket and checks it at once', async () => {
    setBasket([line(strollerInput(), 1)]);
    render(<BasketPageIsland locale="ru" serverLines={null} />);
    expect(screen.getByRole('link', { name: 'Коляска прогулочная' })).toBeTruthy();
    expect(clearCalls()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect($basketCheck.get().status).toBe('checking');
    await act(() => vi.waitFor(() => expect($basketCheck.get().status).toBe('error')));
  });
});
