import { describe, expect, it } from 'vitest';
import SortLinks from '../../src/components/catalog/SortLinks.astro';
import { renderView } from './renderView.ts';

const sorts = (active: string) =>
  ['popularity', 'price', 'price-desc', 'new-desc', 'discount-desc'].map((key) => ({
    key,
    href: key === 'popularity' ? '/odezhda' : `/odezhda/sort-${key}`,
    active: key === active,
  }));

const optionsOf = (select: HTMLElement) => Array.from(select.querySelectorAll('option'));

describe('SortLinks.astro (one sort control, issue 29)', () => {
  it('renders nothing when a listing offers no sort', async () => {
    const { html } = await renderView(SortLinks, { sorts: [] });
    expect(html.trim()).toBe('');
  });

  it('offers every sort by name in one select, in the given order, each valued with its URL', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('popularity') });
    const select = view.getByRole('combobox', { name: 'Сортировка' });
    expect(optionsOf(select).map((option) => option.textContent?.trim())).toEqual([
      'По популярности',
      'Сначала дешевле',
      'Сначала дороже',
      'Новинки',
      'По размеру скидки',
    ]);
    expect(optionsOf(select).map((option) => option.getAttribute('value'))).toEqual([
      '/odezhda',
      '/odezhda/sort-price',
      '/odezhda/sort-price-desc',
      '/odezhda/sort-new-desc',
      '/odezhda/sort-discount-desc',
    ]);
  });

  it('selects only the active sort, and tells the enhancer which one it is', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('price') });
    const select = view.getByRole('combobox', { name: 'Сортировка' });
    const selected = optionsOf(select).filter((option) => option.hasAttribute('selected'));
    expect(selected.map((option) => option.textContent?.trim())).toEqual(['Сначала дешевле']);
    expect(select.dataset['catalogLink']).toBe('sort');
    expect(select.dataset['sort']).toBe('price');
  });

  it('works without JavaScript: a GET form to the sort redirect, with a button', async () => {
    const { view, body } = await renderView(SortLinks, { sorts: sorts('popularity') });
    const form = body.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/catalog-sort');
    expect(view.getByRole('combobox', { name: 'Сортировка' }).getAttribute('name')).toBe('to');
    expect(view.getByRole('button', { name: 'Применить' }).getAttribute('type')).toBe('submit');
  });

  it('speaks the language of the page', async () => {
    const { view } = await renderView(SortLinks, { sorts: sorts('new-desc') }, 'http://127.0.0.1/ua/odezhda');
    const select = view.getByRole('combobox', { name: 'Сортування' });
    expect(optionsOf(select).map((option) => option.textContent?.trim())).toContain('За розміром знижки');
    expect(view.getByRole('button', { name: 'Застосувати' })).toBeTruthy();
  });
});
