import { describe, expect, it } from 'vitest';
import Pagination from '../../src/components/catalog/Pagination.astro';
import { pageLinks } from '../../src/domain/catalog/pagination.ts';
import { renderView } from './renderView.ts';

const hrefFor = (prefix: string) => (page: number) =>
  page === 1 ? `${prefix}/odezhda` : `${prefix}/odezhda/page-${page}`;

describe('Pagination.astro', () => {
  it('renders nothing when the listing fits on one page', async () => {
    const { html } = await renderView(Pagination, pageLinks(1, 1, hrefFor('')));
    expect(html.trim()).toBe('');
  });

  it('links the pages around the current one by number; the current page is text marked current', async () => {
    const { view } = await renderView(Pagination, pageLinks(4, 9, hrefFor('')));
    const nav = view.getByRole('navigation', { name: 'Страницы' });
    expect(nav).toBeTruthy();
    const numbered = view.getAllByRole('link', { name: /^Страница \d+$/ });
    expect(numbered.map((a) => a.textContent?.trim())).toEqual(['1', '2', '3', '5', '6', '9']);
    expect(view.getByRole('link', { name: 'Страница 5' }).getAttribute('href')).toBe('/odezhda/page-5');
    expect(view.getByRole('link', { name: 'Страница 1' }).getAttribute('href')).toBe('/odezhda');
    const current = view.getByText('4');
    expect(current.tagName).toBe('SPAN');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(view.queryByRole('link', { name: 'Страница 4' })).toBeNull();
  });

  it('offers previous and next only where such pages exist, as rel=prev and rel=next', async () => {
    const first = await renderView(Pagination, pageLinks(1, 3, hrefFor('')));
    expect(first.view.queryByRole('link', { name: 'Предыдущая страница' })).toBeNull();
    expect(first.view.getByRole('link', { name: 'Следующая страница' }).getAttribute('rel')).toBe('next');

    const last = await renderView(Pagination, pageLinks(3, 3, hrefFor('')));
    const prev = last.view.getByRole('link', { name: 'Предыдущая страница' });
    expect(prev.getAttribute('rel')).toBe('prev');
    expect(prev.getAttribute('href')).toBe('/odezhda/page-2');
    expect(last.view.queryByRole('link', { name: 'Следующая страница' })).toBeNull();
  });

  it('marks every link for the catalogue enhancer, which loads pages in place', async () => {
    const { view } = await renderView(Pagination, pageLinks(2, 3, hrefFor('')));
    const links = view.getAllByRole('link');
    expect(links).toHaveLength(4);
    for (const link of links) expect(link.dataset['catalogLink']).toBe('page');
  });

  it('speaks the language of the page', async () => {
    const { view } = await renderView(
      Pagination,
      pageLinks(2, 3, hrefFor('/ua')),
      'http://127.0.0.1/ua/odezhda/page-2',
    );
    expect(view.getByRole('navigation', { name: 'Сторінки' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Наступна сторінка' }).getAttribute('href')).toBe('/ua/odezhda/page-3');
    expect(view.getByRole('link', { name: 'Попередня сторінка' }).getAttribute('href')).toBe('/ua/odezhda');
  });
});
