import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
// Swiper's core only: navigation and pagination are this component's own buttons (server-rendered,
// labelled, keyboard operable), so neither module nor the a11y/keyboard modules are shipped.
import Swiper from 'swiper';
import type { MainSlideView } from '../../domain/content/slides.ts';

export interface MainSliderProps {
  /** Unique on the page: the slides list's id (`aria-controls` of the buttons) derives from it. */
  id: string;
  slides: MainSlideView[];
  /** Intrinsic size of the pictures (width/height attributes reserve the space). */
  width: number;
  height: number;
  /**
   * Media query where this slider is not shown (null: shown everywhere). There the first picture
   * resolves to an empty one, so the hidden variant's eager picture is never downloaded.
   */
  hiddenMedia: string | null;
  labels: {
    /** Accessible name of the carousel. */
    region: string;
    /** aria-roledescription of the carousel and of each slide. */
    carousel: string;
    slide: string;
    prev: string;
    next: string;
    /** "Слайд 1 из 5" … per slide: names of the dot buttons and the live status. */
    positions: string[];
    newTab: string;
  };
}

/** A transparent 1×1 GIF (img-src allows data:). */
const EMPTY_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The first slide is the LCP picture; the others wait until Swiper brings them near. */
const FIRST_PICTURE = { loading: 'eager', fetchPriority: 'high' } as const;
const LATER_PICTURE = { loading: 'lazy', decoding: 'async' } as const;

function Arrow({ back }: { back: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The main page's slider (main-page-slider / mobile-main-page-slider). Server-rendered in full:
 * the first slide is the page's LCP picture (eager, fetchpriority high, sized); before hydration
 * the slides scroll and snap natively. Hydrated with `client:visible`, it starts Swiper (swipe,
 * drag), and the previous/next buttons, the dots, arrow keys and focusing a slide's link move it.
 * No autoplay: nothing moves unless the visitor asks.
 */
export function MainSlider({ id, slides, width, height, hiddenMedia, labels }: MainSliderProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [active, setActive] = useState(0);
  const many = slides.length > 1;

  useEffect(() => {
    const element = viewport.current;
    if (!element || !many) return;
    // Native scrolling may have moved the strip before hydration; Swiper positions by transform.
    element.scrollLeft = 0;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const instance = new Swiper(element, {
      speed: reduceMotion ? 0 : 400,
      rewind: true,
      on: { slideChange: (s) => setActive(s.activeIndex) },
    });
    swiper.current = instance;
    return () => {
      swiper.current = null;
      instance.destroy(true, true);
    };
  }, [many]);

  const focusActiveSlide = () => {
    const current = swiper.current;
    const slide = current?.slides[current.activeIndex];
    slide?.querySelector<HTMLElement>('a, [tabindex]')?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const current = swiper.current;
    if (!current) return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') current.slidePrev();
    else current.slideNext();
    focusActiveSlide();
  };

  /** Tabbing to a slide that is out of view brings it into view. */
  const onSlideFocus = (index: number) => {
    const current = swiper.current;
    if (!current || current.activeIndex === index) return;
    // The browser scrolls the clipped viewport to the focused link; Swiper moves by transform.
    if (viewport.current) viewport.current.scrollLeft = 0;
    current.slideTo(index);
  };

  return (
    <section className="main-slider" aria-roledescription={labels.carousel} aria-label={labels.region}>
      <div className="swiper main-slider__viewport" ref={viewport} onKeyDown={onKeyDown}>
        <div className="swiper-wrapper" id={`${id}-slides`}>
          {slides.map((slide, index) => {
            const first = index === 0;
            const img = (
              <img
                src={slide.img}
                alt={slide.alt}
                width={width}
                height={height}
                {...(first ? FIRST_PICTURE : LATER_PICTURE)}
              />
            );
            const picture =
              first && hiddenMedia !== null ? (
                <picture>
                  <source media={hiddenMedia} srcSet={EMPTY_PICTURE} />
                  {img}
                </picture>
              ) : (
                img
              );
            return (
              <div
                key={index}
                className="swiper-slide main-slider__slide"
                role="group"
                aria-roledescription={labels.slide}
                aria-label={slide.title}
                data-promotion-id={slide.promotionId ?? undefined}
                data-promotion-name={slide.promotionName ?? undefined}
                onFocus={() => onSlideFocus(index)}
              >
                {slide.href === null ? (
                  <div className="main-slider__link" tabIndex={0}>
                    {picture}
                  </div>
                ) : (
                  <a
                    className="main-slider__link"
                    href={slide.href}
                    {...(slide.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {picture}
                    {slide.newTab && <span className="visually-hidden">{labels.newTab}</span>}
                  </a>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {many && (
        <div className="main-slider__controls">
          <button
            type="button"
            className="main-slider__arrow main-slider__arrow--prev"
            aria-label={labels.prev}
            aria-controls={`${id}-slides`}
            onClick={() => swiper.current?.slidePrev()}
          >
            <Arrow back />
          </button>
          <button
            type="button"
            className="main-slider__arrow main-slider__arrow--next"
            aria-label={labels.next}
            aria-controls={`${id}-slides`}
            onClick={() => swiper.current?.slideNext()}
          >
            <Arrow back={false} />
          </button>
          <div className="main-slider__dots">
            {slides.map((slide, index) => (
              <button
                key={index}
                type="button"
                className="main-slider__dot"
                aria-label={labels.positions[index] ?? slide.title}
                aria-controls={`${id}-slides`}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => swiper.current?.slideTo(index)}
              />
            ))}
          </div>
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {`${labels.positions[active] ?? ''}: ${slides[active]?.title ?? ''}`}
          </p>
        </div>
      )}
    </section>
  );
}
