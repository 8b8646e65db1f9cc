/**
 * The main slider's behaviour on top of a natively scrolling, snapping strip (MainSlider.astro):
 * previous/next with rewind, dots, arrow keys that move the focus along, a mouse drag (touch
 * already swipes natively), and the active slide, dot and live status following the scroll
 * however it happened. A few hundred bytes instead of React and Swiper.
 */

const DRAG_SHARE = 0.15;

function start(root: HTMLElement, win: Window): void {
  const viewport = root.querySelector<HTMLElement>('.main-slider__viewport');
  if (!viewport) return;
  const slides = [...viewport.querySelectorAll<HTMLElement>(':scope > .main-slider__slide')];
  const dots = [...root.querySelectorAll<HTMLElement>('[data-to]')];
  const status = root.querySelector<HTMLElement>('[data-status]');
  const smooth = !win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let active = 0;
  // The slide a button, a key or a drag asked for, while the smooth scroll is on its way there: the
  // slides it passes are not "active" (a second press during the scroll must step from the target).
  let target: number | null = null;

  const indexNow = (): number => Math.round(viewport.scrollLeft / Math.max(1, viewport.clientWidth));
  const go = (index: number): void => {
    const to = (index + slides.length) % slides.length;
    target = to;
    viewport.scrollTo({ left: to * viewport.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
    mark(to);
  };
  const followScroll = (): void => {
    const now = indexNow();
    if (target !== null && now !== target) return;
    target = null;
    mark(now);
  };
  const mark = (index: number): void => {
    if (index === active || !slides[index]) return;
    slides[active]?.removeAttribute('data-active');
    dots[active]?.removeAttribute('aria-current');
    active = index;
    slides[index]?.setAttribute('data-active', '');
    dots[index]?.setAttribute('aria-current', 'true');
    if (status)
      status.textContent = `${dots[index]?.getAttribute('aria-label') ?? ''}: ${slides[index]?.getAttribute('aria-label') ?? ''}`;
  };

  for (const button of root.querySelectorAll<HTMLElement>('[data-step], [data-to]')) {
    const { to, step } = button.dataset;
    button.addEventListener('click', () => go(to !== undefined ? Number(to) : active + Number(step)));
  }
  viewport.addEventListener('scroll', followScroll, { passive: true });
  // Wherever the scroll came to rest (the shopper may have swiped elsewhere meanwhile) is the truth.
  viewport.addEventListener('scrollend', () => {
    target = null;
    const now = indexNow();
    mark(now);
    // A smooth scroll cut short (a key pressed while the strip moves, a focus scrolling it) can come
    // to rest between two slides, where the snap does not always act on a busy phone: settle on the
    // nearest whole slide (not during a mouse drag, which snaps when released).
    const left = now * viewport.clientWidth;
    if (!from && Math.abs(viewport.scrollLeft - left) > 1) viewport.scrollTo({ left, behavior: 'auto' });
  });
  viewport.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const to = (active + (event.key === 'ArrowLeft' ? -1 : 1) + slides.length) % slides.length;
    slides[to]?.querySelector<HTMLElement>('a, [tabindex]')?.focus({ preventScroll: true });
    go(to);
  });

  // A mouse drag: the strip follows the pointer, then snaps to the next slide past a share of the width.
  let from: { x: number; left: number } | null = null;
  let dragged = false;
  viewport.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    from = { x: event.clientX, left: viewport.scrollLeft };
    dragged = false;
    target = null;
  });
  win.addEventListener('pointermove', (event) => {
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > 4) {
      dragged = true;
      viewport.style.scrollSnapType = 'none';
      viewport.scrollLeft = from.left - dx;
    }
  });
  win.addEventListener('pointerup', (event) => {
    if (!from) return;
    const dx = event.clientX - from.x;
    const start = Math.round(from.left / Math.max(1, viewport.clientWidth));
    from = null;
    viewport.style.scrollSnapType = '';
    if (!dragged) return;
    const share = Math.abs(dx) / viewport.clientWidth;
    go(share > DRAG_SHARE ? start + (dx < 0 ? 1 : -1) : start);
  });
  // A drag is not a click on the slide's link.
  viewport.addEventListener(
    'click',
    (event) => {
      if (dragged) {
        event.preventDefault();
        dragged = false;
      }
    },
    true,
  );
  viewport.addEventListener('dragstart', (event) => event.preventDefault());
  root.setAttribute('data-ready', '');
}

/** Starts every main slider of `doc` (the page's document; a test passes its own). */
export function startMainSliders(doc: Document = document): void {
  const win = doc.defaultView;
  if (!win) return;
  for (const root of doc.querySelectorAll<HTMLElement>('[data-main-slider]')) start(root, win);
}
