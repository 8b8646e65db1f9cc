/** @vitest-environment happy-dom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MainSlider, type MainSliderProps } from '../../src/components/home/MainSlider.tsx';
import type { MainSlideView } from '../../src/domain/content/slides.ts';
import { createT } from '../../src/i18n/i18n.ts';

const slide = (n: number, extra: Partial<MainSlideView> = {}): MainSlideView => ({
  title: `Акция ${n}`,
  img: `/svc/content/public/images/slide-${n}.svg`,
  alt: `Картинка акции ${n}`,
  href: `/promo-${n}`,
  newTab: false,
  promotionId: null,
  promotionName: null,
  ...extra,
});

/** Props as MainSliderBlock.astro builds them, labels from the Russian strings. */
function props(slides: MainSlideView[], hiddenMedia: string | null = null): MainSliderProps {
  const t = createT('ru');
  return {
    id: 'main-slider-desktop',
    slides,
    width: 1200,
    height: 400,
    hiddenMedia,
    labels: {
      region: t('home.sliderLabel'),
      carousel: t('home.carousel'),
      slide: t('home.slide'),
      prev: t('home.prevSlide'),
      next: t('home.nextSlide'),
      positions: slides.map((_, i) => t('home.slidePosition', { n: i + 1, total: slides.length })),
      newTab: t('home.opensInNewTab'),
    },
  };
}

const dot = (n: number, total: number) => screen.getByRole('button', { name: `Слайд ${n} из ${total}` });
const status = () => screen.getByText(/^Слайд \d+ из \d+:/);

afterEach(cleanup);

// happy-dom does no layout: every box is 0 px wide, and Swiper (rightly) stays idle in a slider
// of no width. Give boxes a phone-like width so the real Swiper runs its real slide arithmetic.
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 390 });
});
afterAll(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  else Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

describe('MainSlider', () => {
  it('is a named carousel whose slides are named groups, in order', () => {
    render(<MainSlider {...props([slide(1), slide(2), slide(3)])} />);
    const carousel = screen.getByRole('region', { name: 'Акции и предложения' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('карусель');
    const groups = within(carousel).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Акция 1', 'Акция 2', 'Акция 3']);
    for (const group of groups) expect(group.getAttribute('aria-roledescription')).toBe('слайд');
  });

  it('loads the first picture at once (the page LCP) and the others lazily', () => {
    render(<MainSlider {...props([slide(1), slide(2), slide(3)])} />);
    const [first, ...later] = screen.getAllByRole('img');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('width')).toBe('1200');
    for (const img of later) expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('gives the hidden variant an empty first picture where it is not shown', () => {
    const { container } = render(<MainSlider {...props([slide(1), slide(2)], '(min-width: 768px)')} />);
    const source = container.querySelector('picture source');
    expect(source?.getAttribute('media')).toBe('(min-width: 768px)');
    expect(source?.getAttribute('srcset')).toMatch(/^data:image\/gif;base64,/);
  });

  it('has previous, next and a dot per slide; the first dot is current and the position is announced', () => {
    render(<MainSlider {...props([slide(1), slide(2), slide(3)])} />);
    expect(screen.getByRole('button', { name: 'Предыдущий слайд' }).getAttribute('aria-controls')).toBe(
      'main-slider-desktop-slides',
    );
    expect(screen.getByRole('button', { name: 'Следующий слайд' })).toBeTruthy();
    expect(dot(1, 3).getAttribute('aria-current')).toBe('true');
    expect(dot(2, 3).getAttribute('aria-current')).toBeNull();
    expect(status().textContent).toBe('Слайд 1 из 3: Акция 1');
    expect(status().getAttribute('aria-live')).toBe('polite');
  });

  it('moves to the slide whose dot is pressed and announces it', async () => {
    render(<MainSlider {...props([slide(1), slide(2), slide(3)])} />);
    fireEvent.click(dot(3, 3));
    expect(await screen.findByText('Слайд 3 из 3: Акция 3')).toBeTruthy();
    expect(dot(3, 3).getAttribute('aria-current')).toBe('true');
    expect(dot(1, 3).getAttribute('aria-current')).toBeNull();
  });

  it('moves with next and previous, and from the last slide next rewinds to the first', async () => {
    render(<MainSlider {...props([slide(1), slide(2)])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Следующий слайд' }));
    expect(await screen.findByText('Слайд 2 из 2: Акция 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Следующий слайд' }));
    expect(await screen.findByText('Слайд 1 из 2: Акция 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущий слайд' }));
    expect(await screen.findByText('Слайд 2 из 2: Акция 2')).toBeTruthy();
  });

  it('moves with the arrow keys and keeps focus on the shown slide', async () => {
    render(<MainSlider {...props([slide(1), slide(2), slide(3)])} />);
    const firstLink = screen.getByRole('link', { name: 'Картинка акции 1' });
    firstLink.focus();
    fireEvent.keyDown(firstLink, { key: 'ArrowRight' });
    expect(await screen.findByText('Слайд 2 из 3: Акция 2')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Картинка акции 2' }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    expect(await screen.findByText('Слайд 1 из 3: Акция 1')).toBeTruthy();
  });

  it('a single slide has no controls and no announcements', () => {
    render(<MainSlider {...props([slide(1)])} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/^Слайд \d+ из \d+:/)).toBeNull();
  });

  it('a slide opening in a new tab says so and does not leak the opener', () => {
    render(<MainSlider {...props([slide(1, { newTab: true, href: 'https://example.com/' }), slide(2)])} />);
    const link = screen.getByRole('link', { name: /Картинка акции 1/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('(откроется в новой вкладке)');
  });

  it('a slide without a link can still be reached from the keyboard', () => {
    render(<MainSlider {...props([slide(1, { href: null }), slide(2)])} />);
    const group = screen.getByRole('group', { name: 'Акция 1' });
    expect(within(group).queryByRole('link')).toBeNull();
    expect(group.querySelector('[tabindex="0"]')).not.toBeNull();
  });

  it('keeps the promotion analytics attributes on the slide', () => {
    render(<MainSlider {...props([slide(1, { promotionId: '42', promotionName: 'Весна' }), slide(2)])} />);
    const group = screen.getByRole('group', { name: 'Акция 1' });
    expect(group.dataset['promotionId']).toBe('42');
    expect(group.dataset['promotionName']).toBe('Весна');
    expect(screen.getByRole('group', { name: 'Акция 2' }).hasAttribute('data-promotion-id')).toBe(false);
  });
});
