import { describe, expect, it } from 'vitest';
import SortLinks from '../../src/components/catalog/SortLinks.astro';
import { renderView } from './renderView.ts';

const sorts = (active: string) =>
  ['popularity', 'price', 'price-desc', 'new-desc', 'discount-desc'].map((key) => ({
    key,
    href: key === 'popularity' ? '/odezhda' : `/odezhda/sort-${key}`,
    active: key === active,
  }));

describe('SortLinks.astro', () => {
  it('renders nothing when a listing offers no sort', async () => {
    const { html } = await renderView(SortLinks, { sorts: [] });
    expect(html.trim()).toBe('');
  });

  it('lists every sort by name in a navigation of its own, in the given order', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('popularity') });
    expect(view.getByRole('navigation', { name: 'Сортировка' })).toBeTruthy();
    expect(view.getAllByRole('link').map((a) => a.textContent?.trim())).toEqual([
      'По популярности',
      'Сначала дешевле',
      'Сначала дороже',
      'Новинки',
      'По размеру скидки',
    ]);
    expect(view.getByRole('link', { name: 'Сначала дороже' }).getAttribute('href')).toBe('/odezhda/sort-price-desc');
  });

  it('marks only the active sort as current', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('price') });
    const current = view.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'true');
    expect(current.map((a) => a.textContent?.trim())).toEqual(['Сначала дешевле']);
  });

  it('keeps search engines off sorted lists (nofollow) and hands the links to the catalogue enhancer', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('popularity') });
    for (const link of view.getAllByRole('link')) {
      expect(link.getAttribute('rel')).toBe('nofollow');
      expect(link.dataset['catalogLink']).toBe('sort');
    }
  });

  it('speaks the language of the page', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('new-desc') }, 'http://127.0.0.1/ua/odezhda');
    expect(view.getByRole('navigation', { name: 'Сортування' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'За розміром знижки' })).toBeTruthy();
  });
});
