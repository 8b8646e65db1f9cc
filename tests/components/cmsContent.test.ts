import { describe, expect, it } from 'vitest';
import CmsContent from '../../src/components/content/CmsContent.astro';
import { sanitizeCmsHtml } from '../../src/domain/content/sanitize.ts';
import { renderView } from './renderView.ts';

describe('CmsContent.astro', () => {
  it('renders the CMS markup as elements, not as escaped text', async () => {
    const html = '<h2>Доставка</h2><p>Смотрите <a href="/info/delivery">условия</a>.</p><ul><li>Новая почта</li></ul>';
    const { view, html: out } = await renderView(CmsContent, { html });
    expect(view.getByRole('heading', { level: 2, name: 'Доставка' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'условия' }).getAttribute('href')).toBe('/info/delivery');
    expect(view.getByRole('listitem').textContent).toBe('Новая почта');
    expect(out).not.toContain('&lt;h2');
  });

  it('puts it inside the one wrapper whose styles reach CMS elements', async () => {
    const { body } = await renderView(CmsContent, { html: '<p>Текст</p>' });
    const wrapper = body.querySelector('.cms');
    expect(wrapper?.querySelector('p')?.textContent).toBe('Текст');
    expect(body.children).toHaveLength(1);
  });

  it('shows what the sanitiser keeps and nothing it removed', async () => {
    const { body, view } = await renderView(CmsContent, {
      html: sanitizeCmsHtml('<p onclick="alert(1)">Привет</p><script>alert(1)</script>'),
    });
    expect(view.getByText('Привет')).toBeTruthy();
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('[onclick]')).toBeNull();
  });
});
