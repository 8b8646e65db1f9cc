import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import MainSlider from '../../src/components/home/MainSlider.astro';
import { startMainSliders } from '../../src/components/home/mainSlider.ts';
import type { MainSlideView } from '../../src/domain/content/slides.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { renderView } from './renderView.ts';

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
function props(slides: MainSlideView[], hiddenMedia: string | null = null) {
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

/** The slider's markup in a happy-dom document, with its script started there (as the page runs it). */
async function live(slides: MainSlideView[]) {
  const { body, view } = await renderView(MainSlider, props(slides));
  const doc = body.ownerDocument;
  startMainSliders(doc);
  return { view, doc };
}

describe('MainSlider.astro (markup)', () => {
  it('is a named carousel whose slides are named groups, in order', async () => {
    const { view } = await renderView(MainSlider, props([slide(1), slide(2), slide(3)]));
    const carousel = view.getByRole('region', { name: 'Акции и предложения' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('карусель');
    const groups = within(carousel).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Акция 1', 'Акция 2', 'Акция 3']);
    for (const group of groups) expect(group.getAttribute('aria-roledescription')).toBe('слайд');
  });

  it('loads the first picture at once (the page LCP) and the others lazily', async () => {
    const { view } = await renderView(MainSlider, props([slide(1), slide(2), slide(3)]));
    const [first, ...later] = view.getAllByRole('img');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('width')).toBe('1200');
    for (const img of later) expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('gives the hidden variant an empty first picture where it is not shown', async () => {
    const { body } = await renderView(MainSlider, props([slide(1), slide(2)], '(min-width: 768px)'));
    const source = body.querySelector('picture source');
    expect(source?.getAttribute('media')).toBe('(min-width: 768px)');
    expect(source?.getAttribute('srcset')).toMatch(/^data:image\/gif;base64,/);
  });

  it('a single slide has no controls and no announcements', async () => {
    const { view } = await renderView(MainSlider, props([slide(1)]));
    expect(view.queryAllByRole('button')).toEqual([]);
    expect(view.queryByText(/^Слайд \d+ из \d+:/)).toBeNull();
  });

  it('a slide opening in a new tab says so and does not leak the opener', async () => {
    const { view } = await renderView(
      MainSlider,
      props([slide(1, { newTab: true, href: 'https://example.com/' }), slide(2)]),
    );
    const link = view.getByRole('link', { name: /Картинка акции 1/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('(откроется в новой вкладке)');
  });

  it('a slide without a link can still be reached from the keyboard; promotion attributes stay', async () => {
    const { view } = await renderView(
      MainSlider,
      props([slide(1, { href: null, promotionId: '42', promotionName: 'Весна' }), slide(2)]),
    );
    const group = view.getByRole('group', { name: 'Акция 1' });
    expect(within(group).queryByRole('link')).toBeNull();
    expect(group.querySelector('[tabindex="0"]')).not.toBeNull();
    expect(group.dataset['promotionId']).toBe('42');
    expect(group.dataset['promotionName']).toBe('Весна');
    expect(view.getByRole('group', { name: 'Акция 2' }).hasAttribute('data-promotion-id')).toBe(false);
  });
});

describe('mainSlider.ts (behaviour)', () => {
  type Queries = Awaited<ReturnType<typeof live>>['view'];
  const status = (view: Queries): HTMLElement => view.getByText(/^Слайд \d+ из \d+:/);
  const dot = (view: Queries, n: number, total: number): HTMLElement =>
    view.getByRole('button', { name: `Слайд ${n} из ${total}` });

  it('shows its controls once it runs; the first dot is current and the position is announced', async () => {
    const { view } = await live([slide(1), slide(2), slide(3)]);
    expect(view.getByRole('region').hasAttribute('data-ready')).toBe(true);
    expect(view.getByRole('button', { name: 'Предыдущий слайд' }).getAttribute('aria-controls')).toBe(
      'main-slider-desktop-slides',
    );
    expect(dot(view, 1, 3).getAttribute('aria-current')).toBe('true');
    expect(status(view).textContent).toBe('Слайд 1 из 3: Акция 1');
    expect(status(view).getAttribute('aria-live')).toBe('polite');
  });

  it('a dot goes to its slide and announces it', async () => {
    const { view } = await live([slide(1), slide(2), slide(3)]);
    dot(view, 3, 3).click();
    expect(status(view).textContent).toBe('Слайд 3 из 3: Акция 3');
    expect(dot(view, 3, 3).getAttribute('aria-current')).toBe('true');
    expect(dot(view, 1, 3).getAttribute('aria-current')).toBeNull();
    expect(view.getByRole('group', { name: 'Акция 3' }).hasAttribute('data-active')).toBe(true);
  });

  it('next and previous move; from the last slide next rewinds to the first', async () => {
    const { view } = await live([slide(1), slide(2)]);
    const next = view.getByRole('button', { name: 'Следующий слайд' });
    next.click();
    expect(status(view).textContent).toBe('Слайд 2 из 2: Акция 2');
    next.click();
    expect(status(view).textContent).toBe('Слайд 1 из 2: Акция 1');
    view.getByRole('button', { name: 'Предыдущий слайд' }).click();
    expect(status(view).textContent).toBe('Слайд 2 из 2: Акция 2');
  });

  it('arrow keys move it and keep the focus on the shown slide', async () => {
    const { view, doc } = await live([slide(1), slide(2), slide(3)]);
    const win = doc.defaultView;
    if (!win) throw new Error('the test document has no window');
    const key = (name: string) => new win.KeyboardEvent('keydown', { key: name, bubbles: true });
    const first = view.getByRole('link', { name: 'Картинка акции 1' });
    first.focus();
    first.dispatchEvent(key('ArrowRight'));
    expect(status(view).textContent).toBe('Слайд 2 из 3: Акция 2');
    expect(doc.activeElement).toBe(view.getByRole('link', { name: 'Картинка акции 2' }));
    doc.activeElement?.dispatchEvent(key('ArrowLeft'));
    expect(status(view).textContent).toBe('Слайд 1 из 3: Акция 1');
  });

  it('a scroll that comes to rest between two slides settles on the nearest whole slide', async () => {
    const { view, doc } = await live([slide(1), slide(2), slide(3)]);
    const win = doc.defaultView;
    const viewport = doc.querySelector<HTMLElement>('.main-slider__viewport');
    if (!win || !viewport) throw new Error('the slider has no viewport');
    Object.defineProperty(viewport, 'clientWidth', { value: 400 });
    // Where a smooth scroll cut short by a key or a focus once stopped: 4 % short of slide 2.
    viewport.scrollLeft = 384;
    viewport.dispatchEvent(new win.Event('scrollend'));
    expect(viewport.scrollLeft).toBe(400);
    expect(status(view).textContent).toBe('Слайд 2 из 3: Акция 2');
  });
});
