import { describe, expect, it } from 'vitest';
import ProductPromotions from '../../src/components/product/ProductPromotions.astro';
import PromotionCard from '../../src/components/promotion/PromotionCard.astro';
import { productPromotionCards, promotionCard } from '../../src/domain/promotion/promotionCard.ts';
import { renderView } from './renderView.ts';

const source = {
  slug: 'skidki-do-50',
  title: 'Знижки до −50%',
  description: 'Обирайте товари з позначкою акції.',
  image: '/svc/content/public/images/promo-skidki-do-50.svg',
  startsAt: '2026-09-02T08:00:00.000Z',
  endsAt: '2026-12-18T20:59:59.000Z',
  filterSlug: 'skidki-do-50',
};

describe('ProductPromotions.astro', () => {
  it('renders nothing for a product in no promotion', async () => {
    const { html } = await renderView(ProductPromotions, { promotions: [] }, 'http://127.0.0.1/ua/product/x');
    expect(html.trim()).toBe('');
  });

  it('links each promotion, named, with the analytics facts a click reports (uk)', async () => {
    const promotions = productPromotionCards('uk', [source], [{ topic: 'promotions', slug: 'skidki-do-50' }]);
    const { view, body } = await renderView(ProductPromotions, { promotions }, 'http://127.0.0.1/ua/product/x');
    const list = view.getByRole('list', { name: 'Акції товару' });
    expect(list.hasAttribute('data-promotion-list')).toBe(true);
    const link = view.getByRole('link', { name: 'Акція Знижки до −50%' });
    expect(link.getAttribute('href')).toBe('/ua/promotions/skidki-do-50');
    const item = body.querySelector('[data-promotion-id]');
    expect(item?.getAttribute('data-promotion-id')).toBe('skidki-do-50');
    expect(item?.getAttribute('data-promotion-name')).toBe('Знижки до −50%');
    expect(item?.getAttribute('data-creative-slot')).toBe('product-page-1');
  });
});

describe('PromotionCard.astro', () => {
  it('shows the picture, the title as the link and the dates in the page’s words (ru)', async () => {
    const card = promotionCard('ru', { ...source, title: 'Скидки до −50%' }, 'promotions-list', 3);
    const { view, body } = await renderView(PromotionCard, { promotion: card });
    expect(view.getByRole('heading', { level: 2, name: 'Скидки до −50%' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Скидки до −50%' }).getAttribute('href')).toBe('/promotions/skidki-do-50');
    expect(body.querySelector('[data-promotion-period]')?.textContent?.trim()).toBe(
      'Сроки акции: 02.09.2026 — 18.12.2026',
    );
    expect(body.querySelector('img')?.getAttribute('src')).toBe(source.image);
    expect(body.querySelector('article')?.getAttribute('data-creative-slot')).toBe('promotions-list-3');
  });

  it('says «до» when only the end is known (uk)', async () => {
    const card = promotionCard('uk', { ...source, startsAt: null }, 'promotions-list', 1);
    const { body } = await renderView(PromotionCard, { promotion: card }, 'http://127.0.0.1/ua/promotions');
    expect(body.querySelector('[data-promotion-period]')?.textContent).toContain('до 18.12.2026');
  });
});
