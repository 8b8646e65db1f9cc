import { fillDeliveryPromises } from './deliveryPromises.ts';

/**
 * Pure helpers of the main page's CMS blocks (storefront spec §2, accounts spec §3 "Slider"):
 * which links and pictures of a slide may reach the markup, the picture sizes the CMS designs
 * each block for, and the view models the templates and the slider island render.
 */

/** What the page needs of a slide of each kind (the content service's slides fit these). */
export interface MainSlide {
  title: string;
  img: string;
  alt: string;
  link: string;
  /** Open the link in a new tab. */
  isBlank: boolean;
  promotion_id?: string | undefined;
  promotion_name?: string | undefined;
}

export interface BannerSlide {
  title: string;
  img: string;
  alt: string;
  link: string;
  background?: string | undefined;
  description?: string | undefined;
  /** Spec: 1 slider, 2 list. */
  type: string;
}

export interface BrandSlide {
  img: string;
  alt: string;
  link: string;
}

export interface PartnerSlide {
  title: string;
  type: string;
  img: string;
  alt: string;
  link: string;
  discount?: string | undefined;
}

/**
 * Intrinsic picture sizes of each block, as the CMS designs them (the width/height attributes
 * reserve the space, so nothing shifts while pictures load).
 */
export const PICTURE_SIZES = {
  slide: { width: 1920, height: 600 },
  mobileSlide: { width: 750, height: 750 },
  banner: { width: 800, height: 400 },
  category: { width: 400, height: 400 },
  brand: { width: 320, height: 160 },
  partner: { width: 480, height: 480 },
  post: { width: 1200, height: 630 },
} as const satisfies Record<string, { width: number; height: number }>;

const ABSOLUTE = /^https?:\/\//i;

/**
 * A CMS link as it may go into `href`: a site-root path (`/odezhda`, `/ua/info/x?y#z`) or an
 * absolute http(s) URL; null for anything else (`javascript:`, `data:`, `//host`, `/\host`,
 * relative paths, control characters or spaces, which browsers would strip or misread).
 */
export function safeLink(link: string | null | undefined): string | null {
  const value = link?.trim() ?? '';
  if (value === '' || /[\s\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  if (!ABSOLUTE.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname === '' ? null : value;
  } catch {
    return null;
  }
}

/** A CMS picture URL as it may go into `src`: the same rule as links. */
export function safeImage(url: string | null | undefined): string | null {
  return safeLink(url);
}

/** An absolute URL (another site); site links are root paths. */
export function isExternalLink(link: string): boolean {
  return ABSOLUTE.test(link);
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, lowercased; null for anything else. */
export function safeColor(value: string | null | undefined): string | null {
  const color = value?.trim().toLowerCase() ?? '';
  return /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(color) ? color : null;
}

/** `<a>` attributes of a link: a new tab (with noopener) when the slide asks for it. */
export interface LinkView {
  href: string;
  newTab: boolean;
}

export function linkView(link: string | null | undefined, newTab = false): LinkView | null {
  const href = safeLink(link);
  return href === null ? null : { href, newTab };
}

/** A main slide as the slider island renders it (plain data: island props are serialised). */
export interface MainSlideView {
  title: string;
  img: string;
  alt: string;
  href: string | null;
  newTab: boolean;
  /** Kept on the markup (data-promotion-id / -name) for the promotion analytics events. */
  promotionId: string | null;
  promotionName: string | null;
}

/** Main slides that can be shown (a picture we may load), in order; links that are not safe are dropped. */
export function mainSlideViews(slides: readonly MainSlide[]): MainSlideView[] {
  return slides.flatMap((slide) => {
    const img = safeImage(slide.img);
    if (img === null) return [];
    const link = linkView(slide.link, slide.isBlank);
    return [
      {
        title: slide.title,
        img,
        alt: slide.alt,
        href: link?.href ?? null,
        newTab: link?.newTab ?? false,
        promotionId: nonEmpty(slide.promotion_id),
        promotionName: nonEmpty(slide.promotion_name),
      },
    ];
  });
}

function nonEmpty(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/** Where a variant of the main slider shows: below 768 px, from 768 px, or at every width. */
export type SliderReach = 'narrow' | 'wide' | 'all';

export interface MainSliderVariant {
  variant: 'desktop' | 'mobile';
  reach: SliderReach;
  slides: MainSlideView[];
}

/** Media query of each reach (the site's tablet breakpoint, 768 px). */
export const REACH_MEDIA: Record<Exclude<SliderReach, 'all'>, string> = {
  narrow: '(max-width: 767.98px)',
  wide: '(min-width: 768px)',
};

/**
 * The main slider's variants: the phone slider below 768 px and the desktop one from 768 px;
 * when only one of them has slides, it shows at every width; none when both are empty.
 */
export function mainSliderVariants(
  desktop: readonly MainSlideView[],
  mobile: readonly MainSlideView[],
): MainSliderVariant[] {
  if (desktop.length > 0 && mobile.length > 0) {
    return [
      { variant: 'mobile', reach: 'narrow', slides: [...mobile] },
      { variant: 'desktop', reach: 'wide', slides: [...desktop] },
    ];
  }
  if (desktop.length > 0) return [{ variant: 'desktop', reach: 'all', slides: [...desktop] }];
  if (mobile.length > 0) return [{ variant: 'mobile', reach: 'all', slides: [...mobile] }];
  return [];
}

/** A banner (main-page-first/second-slider, main-page-categories) as a template renders it. */
export interface BannerView {
  title: string;
  description: string | null;
  img: string;
  alt: string;
  link: LinkView | null;
  /** A safe `#hex` colour for the card's backdrop, or null. */
  background: string | null;
}

export function bannerViews(slides: readonly BannerSlide[]): BannerView[] {
  return slides.flatMap((slide) => {
    const img = safeImage(slide.img);
    if (img === null) return [];
    // The CMS's promises carry the rules' numbers (`{{freeDeliveryFrom}}`), never typed-in ones.
    const description = fillDeliveryPromises(slide.description?.trim() ?? '');
    return [
      {
        title: fillDeliveryPromises(slide.title),
        description: description === '' ? null : description,
        img,
        alt: slide.alt,
        link: linkView(slide.link),
        background: safeColor(slide.background),
      },
    ];
  });
}

/**
 * How a banner block is laid out: spec type 1 is a slider (a scroll-snap strip), type 2 a list
 * (a grid). A block is a list only when every banner asks for it.
 */
export function bannerLayout(slides: readonly Pick<BannerSlide, 'type'>[]): 'strip' | 'list' {
  return slides.length > 0 && slides.every((slide) => slide.type === '2') ? 'list' : 'strip';
}

export interface BrandView {
  img: string;
  alt: string;
  link: LinkView | null;
}

export function brandViews(slides: readonly BrandSlide[]): BrandView[] {
  return slides.flatMap((slide) => {
    const img = safeImage(slide.img);
    return img === null ? [] : [{ img, alt: slide.alt, link: linkView(slide.link) }];
  });
}

export interface PartnerView {
  title: string;
  img: string;
  alt: string;
  link: LinkView | null;
  discount: string | null;
}

export function partnerViews(slides: readonly PartnerSlide[]): PartnerView[] {
  return slides.flatMap((slide) => {
    const img = safeImage(slide.img);
    if (img === null) return [];
    return [
      { title: slide.title, img, alt: slide.alt, link: linkView(slide.link), discount: nonEmpty(slide.discount) },
    ];
  });
}
