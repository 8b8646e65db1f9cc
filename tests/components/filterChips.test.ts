import { describe, expect, it } from 'vitest';
import FilterChips from '../../src/components/catalog/FilterChips.astro';
import type { FilterChip } from '../../src/domain/catalog/filterChips.ts';
import { renderView } from './renderView.ts';

const colour: FilterChip = {
  kind: 'value',
  topic: 'color',
  value: 'sinij',
  topicTitle: 'Колір',
  title: 'Синій',
  href: '/ua/odezhda/price=100,1500',
  nofollow: true,
};
const price: FilterChip = { kind: 'price', range: { from: 100, to: 1500 }, href: '/ua/odezhda/color=sinij' };

describe('FilterChips.astro', () => {
  it('renders nothing without active filters', async () => {
    const { html } = await renderView(FilterChips, { chips: [], resetHref: null });
    expect(html.trim()).toBe('');
  });

  it('shows each active filter as a link that removes it, and «Скинути фільтри» for several', async () => {
    const { view } = await renderView(
      FilterChips,
      { chips: [price, colour], resetHref: '/ua/odezhda' },
      'http://127.0.0.1/ua/odezhda/color=sinij/price=100,1500',
    );
    const list = view.getByRole('list', { name: 'Вибрані фільтри' });
    const links = Array.from(list.querySelectorAll('a'));
    expect(links.map((a) => a.textContent?.trim())).toEqual(['100–1 500 грн', 'Синій', 'Скинути фільтри']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/ua/odezhda/color=sinij',
      '/ua/odezhda/price=100,1500',
      '/ua/odezhda',
    ]);
    expect(view.getByRole('link', { name: 'Прибрати фільтр: Колір: Синій' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Прибрати фільтр: Ціна: 100–1 500 грн' })).toBeTruthy();
  });

  it('names an open price bound in Russian on a Russian page', async () => {
    const { view } = await renderView(FilterChips, {
      chips: [{ kind: 'price', range: { from: null, to: 500 }, href: '/odezhda' }],
      resetHref: '/odezhda',
    });
    expect(view.getByRole('link', { name: 'Убрать фильтр: Цена: до 500 грн' })).toBeTruthy();
    // One chip: no separate reset.
    expect(view.getAllByRole('link')).toHaveLength(1);
  });
});
