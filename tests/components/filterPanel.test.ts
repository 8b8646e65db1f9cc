import { describe, expect, it } from 'vitest';
import FilterPanel from '../../src/components/catalog/FilterPanel.astro';
import type { LinkedFacet } from '../../src/domain/catalog/catalogPageModel.ts';
import { renderView } from './renderView.ts';

const facet = (slug: string, title: string, n: number, active: number[] = []): LinkedFacet => ({
  slug,
  title,
  values: Array.from({ length: n }, (_, i) => ({
    slug: `${slug}-${i}`,
    title: `${title} ${i}`,
    count: 10 + i,
    active: active.includes(i),
    href: `/ua/igrushki/${slug}=${slug}-${i}`,
    nofollow: false,
  })),
});
const props = (display: object, facets: LinkedFacet[]) => ({
  facets,
  price: { from: null, to: null, action: '/ua/igrushki', q: null },
  resetHref: null,
  activeCount: 0,
  total: 100,
  display,
});
const URL_UK = 'http://127.0.0.1/ua/igrushki';

describe('FilterPanel.astro follows the category config, without JavaScript (details/summary)', () => {
  it('shows the first topCount values, the rest behind «Показати всі», and counts when showCount', async () => {
    const { body } = await renderView(
      FilterPanel,
      props({ topCount: 3, collapse: false, showCount: true }, [facet('brand', 'Бренд', 5)]),
      URL_UK,
    );
    const group = body.querySelector('details[data-facet="brand"]');
    expect(group?.hasAttribute('open')).toBe(true);
    const more = group?.querySelector('details[data-facet-more="brand"]');
    expect(more?.hasAttribute('open')).toBe(false);
    expect(more?.querySelector('summary .more-label')?.textContent).toBe('Показати всі');
    expect(Array.from(group?.querySelectorAll(':scope > ul a') ?? [], (a) => a.getAttribute('data-value'))).toEqual([
      'brand-0',
      'brand-1',
      'brand-2',
    ]);
    expect(more?.querySelectorAll('a')).toHaveLength(2);
    expect(body.querySelectorAll('.facet-link .count')).toHaveLength(5);
  });

  it('starts groups closed with collapse (a chosen value’s group open), and hides counts without showCount', async () => {
    const { body } = await renderView(
      FilterPanel,
      props({ topCount: 2, collapse: true, showCount: false }, [
        facet('age', 'Вік', 2),
        facet('color', 'Колір', 4, [3]),
      ]),
      URL_UK,
    );
    expect(body.querySelector('details[data-facet="age"]')?.hasAttribute('open')).toBe(false);
    expect(body.querySelector('details[data-facet="color"]')?.hasAttribute('open')).toBe(true);
    expect(body.querySelector('details[data-facet-more="color"]')?.hasAttribute('open')).toBe(true);
    expect(body.querySelector('details[data-facet-more="age"]')).toBeNull();
    expect(body.querySelectorAll('.facet-link .count')).toHaveLength(0);
  });

  it('says «Показать все» on Russian pages', async () => {
    const { body } = await renderView(
      FilterPanel,
      props({ topCount: 1, collapse: false, showCount: true }, [facet('size', 'Размер', 3)]),
      'http://127.0.0.1/igrushki',
    );
    expect(body.querySelector('.more-label')?.textContent).toBe('Показать все');
    expect(body.querySelector('.less-label')?.textContent).toBe('Свернуть');
  });
});
