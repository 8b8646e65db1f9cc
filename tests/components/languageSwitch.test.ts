import { describe, expect, it } from 'vitest';
import LanguageSwitch from '../../src/components/layout/LanguageSwitch.astro';
import { renderView } from './renderView.ts';

describe('LanguageSwitch.astro', () => {
  it('on a Russian page links the same page in Ukrainian, path and query kept', async () => {
    const { view } = await renderView(
      LanguageSwitch,
      { locale: 'ru', pathname: '/odezhda/size=ru/page-2', search: '?q=%D1%88' },
      'http://127.0.0.1/odezhda/size=ru/page-2?q=%D1%88',
    );
    const link = view.getByRole('link', { name: 'Українська' });
    expect(link.getAttribute('href')).toBe('/ua/odezhda/size=ru/page-2?q=%D1%88');
    expect(link.getAttribute('hreflang')).toBe('uk');
    expect(link.getAttribute('lang')).toBe('uk');
  });

  it('on a Ukrainian page links the Russian one at the root', async () => {
    const { view } = await renderView(
      LanguageSwitch,
      { locale: 'uk', pathname: '/ua/', search: '' },
      'http://127.0.0.1/ua/',
    );
    const link = view.getByRole('link', { name: 'Русский' });
    expect(link.getAttribute('href')).toBe('/');
    expect(link.getAttribute('hreflang')).toBe('ru');
  });

  it('shows a short code but names the language in full to assistive technology', async () => {
    const { view } = await renderView(LanguageSwitch, { locale: 'ru', pathname: '/', search: '' });
    const short = view.getByText('UA');
    expect(short.getAttribute('aria-hidden')).toBe('true');
    expect(view.getByRole('link').textContent).toContain('Українська');
  });
});
