import { describe, expect, it } from 'vitest';
import LoadMore from '../../src/components/catalog/LoadMore.astro';
import { pageLinks } from '../../src/domain/catalog/pagination.ts';
import { renderView } from './renderView.ts';

const PAGE_SIZE = 24;
const links = (prefix: string, current: number, total: number) =>
  pageLinks(current, Math.ceil(total / PAGE_SIZE), (page) => `${prefix}/odezhda${page === 1 ? '' : `/page-${page}`}`);

describe('LoadMore.astro', () => {
  it('links the next page and says how many products it adds', async () => {
    const { view } = await renderView(LoadMore, { links: links('', 1, 100), total: 100, pageSize: PAGE_SIZE });
    const more = view.getByRole('link', { name: 'Показать ещё 24 товара' });
    expect(more.getAttribute('href')).toBe('/odezhda/page-2');
    expect(more.dataset['catalogLink']).toBe('loadMore');
  });

  it('counts only the products left on a short last page, with the right plural', async () => {
    // 45 products: page 2 holds the last 21 ("21 товар", singular in Russian).
    const { view } = await renderView(LoadMore, { links: links('', 1, 45), total: 45, pageSize: PAGE_SIZE });
    expect(view.getByRole('link').textContent?.trim()).toBe('Показать ещё 21 товар');
  });

  it('gives the catalogue enhancer its busy and done announcements', async () => {
    const { view } = await renderView(LoadMore, { links: links('', 2, 100), total: 100, pageSize: PAGE_SIZE });
    const more = view.getByRole('link');
    expect(more.dataset['busyLabel']).toBe('Загружаем…');
    expect(more.dataset['loadedLabel']).toBe('Добавлено ещё 24 товара');
  });

  it('keeps an empty region on the last page, so an in-place swap still finds it', async () => {
    const { body, view } = await renderView(LoadMore, { links: links('', 5, 100), total: 100, pageSize: PAGE_SIZE });
    expect(view.queryByRole('link')).toBeNull();
    const region = body.querySelector('[data-catalog-region="loadMore"]');
    expect(region).not.toBeNull();
    expect(region?.children).toHaveLength(0);
  });

  it('speaks the language of the page', async () => {
    const { view } = await renderView(
      LoadMore,
      { links: links('/ua', 1, 50), total: 50, pageSize: PAGE_SIZE },
      'http://127.0.0.1/ua/odezhda',
    );
    expect(view.getByRole('link', { name: 'Показати ще 24 товари' }).getAttribute('href')).toBe('/ua/odezhda/page-2');
  });
});
