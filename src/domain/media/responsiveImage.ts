/**
 * Responsive product pictures: which widths exist, how the URL of one width is spelled, and the
 * `srcset` a view gives the browser so it picks the smallest picture that fills the slot at the
 * screen's pixel density. Pure: the image service (`/img`) validates against the same lists, and
 * a real image CDN's resizing URL replaces ours by a template (IMAGE_CDN_URL).
 */

/**
 * The only widths the image service makes. Neighbours differ by at most 1.5×, so the candidate
 * the browser picks is never more than 1.5× what the slot needs (the e2e rule allows 2×); a fixed
 * list also bounds what the cache can hold and what a caller can make the server compute.
 */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 960, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * Output formats of the image service. Views offer AVIF first and WebP as the `<img>` itself (see
 * docs/decisions.md "Photos and the image service").
 */
export const IMAGE_FORMATS = ['webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * The one quality of each format. Pages never spell a quality, so this is the only one they get,
 * and the image service takes no other (every further quality was one more copy of each picture
 * to make and keep, asked for by nobody but a flood). The scales are the encoders' own and not
 * alike: AVIF at 60 looks like WebP at 75 on our photos at 40 % of the bytes (an 800 px photo:
 * 9.5 KB against 24.7 KB).
 */
export const IMAGE_QUALITY: Readonly<Record<ImageFormat, number>> = { webp: 75, avif: 60 };

/**
 * With `Save-Data: on` (issue 27) the same URL is answered at a lower quality, about 60 % of the
 * bytes, still a clear product photo on a phone; `/img` says `Vary: Save-Data` so caches keep both.
 */
export const SAVE_DATA_IMAGE_QUALITY: Readonly<Record<ImageFormat, number>> = { webp: 50, avif: 40 };

/** The quality `/img` encodes `format` at, for a request that did (or did not) ask to save data. */
export function pictureQuality(format: ImageFormat, saveData: boolean): number {
  return (saveData ? SAVE_DATA_IMAGE_QUALITY : IMAGE_QUALITY)[format];
}

/** Whether a request's `Save-Data` header asks to save data (the client hint's one token, `on`). */
export function asksToSaveData(header: string | null): boolean {
  return header?.trim().toLowerCase() === 'on';
}

/**
 * Our image service. Placeholders: `{src}` the source URL or path, URL-encoded; `{path}` the same
 * unencoded (for CDNs that take the source as a path suffix); `{width}`; `{format}`.
 */
export const DEFAULT_IMAGE_URL_TEMPLATE = '/img?src={src}&w={width}&f={format}';

/** The URL of `src` resized to `width` in `format`, spelled by `template`. */
export function imageUrl(template: string, src: string, width: ImageWidth, format: ImageFormat = 'webp'): string {
  return template
    .replaceAll('{src}', encodeURIComponent(src))
    .replaceAll('{path}', src)
    .replaceAll('{width}', String(width))
    .replaceAll('{format}', format);
}

/**
 * A responsive picture's attributes: a fallback `src`, the WebP `srcset` of widths, the slot's
 * `sizes`, and the same widths in AVIF for a `<source>` (null when the URL template cannot name a
 * format: a CDN that chooses the format itself).
 */
export interface ResponsiveImage {
  src: string;
  srcset: string;
  sizes: string;
  avifSrcset: string | null;
}

/**
 * The picture of `src` for a slot at most `maxSlotWidth` CSS pixels wide (`sizes` says how wide it
 * is per layout): every width up to what a 3× screen needs at the widest slot, and one above so the
 * largest slot is covered. The fallback `src` is the width a 1× screen needs at the widest slot.
 */
export function responsiveImage(template: string, src: string, maxSlotWidth: number, sizes: string): ResponsiveImage {
  const needed = maxSlotWidth * 3;
  const cover = IMAGE_WIDTHS.find((width) => width >= needed) ?? 1200;
  const widths = IMAGE_WIDTHS.filter((width) => width <= cover);
  const fallback = IMAGE_WIDTHS.find((width) => width >= maxSlotWidth) ?? 1200;
  return {
    src: imageUrl(template, src, fallback),
    srcset: widths.map((width) => `${imageUrl(template, src, width)} ${width}w`).join(', '),
    sizes,
    avifSrcset: template.includes('{format}')
      ? widths.map((width) => `${imageUrl(template, src, width, 'avif')} ${width}w`).join(', ')
      : null,
  };
}

/** A picture's slot: its width per layout (the `sizes` attribute) and the widest it ever is. */
export interface PictureSlot {
  sizes: string;
  maxSlotWidth: number;
}

/**
 * The slots product pictures are shown in, read off the layouts' CSS (a 1320 px page). Each may
 * overstate a little (the browser then picks one width up) but never understate much, or phones
 * would get blurry pictures.
 */
export const PICTURE_SLOTS = {
  /**
   * ProductGrid.astro: 2 columns between 16 px margins and a 16 px gap (182 px on a 412 px phone,
   * which at 1.75× then takes the 320 px picture, not the 480 px one plain `50vw` asked for), 3 from
   * 576 px, the 260 px filter panel beside them from 1024 px, 4 columns of at most 240 px from 1366 px.
   * Widest just under 1366 px (33vw − 116 px = 334 px), said as 320: at 3× that asks for 960 px,
   * not 1,200 (a 3× screen that wide is rare, and 960 px is 2.9× there); the 1,200 px candidates
   * were ~125 bytes of the catalogue's first flight (issue 27).
   */
  grid: {
    sizes:
      '(min-width: 1366px) 240px, (min-width: 1024px) calc(33vw - 116px), (min-width: 576px) calc(33vw - 21px), calc(50vw - 24px)',
    maxSlotWidth: 320,
  },
  /** Strip.astro size m: 40% of the page, 29% from 576 px, a fifth of the page (240 px) from 1024 px. */
  strip: { sizes: '(min-width: 1024px) 240px, (min-width: 576px) 29vw, 40vw', maxSlotWidth: 310 },
  /** Gallery.astro's first picture: the page's width less its margins on phones, 1.2 of 2.2 columns from 1024 px. */
  galleryMain: { sizes: '(min-width: 1366px) 700px, (min-width: 1024px) 54vw, calc(100vw - 32px)', maxSlotWidth: 1024 },
  /** Gallery.astro's other pictures: a swipe strip on phones, half the gallery from 1024 px. */
  galleryOther: {
    sizes: '(min-width: 1366px) 350px, (min-width: 1024px) 27vw, calc(100vw - 32px)',
    maxSlotWidth: 1024,
  },
} as const satisfies Record<string, PictureSlot>;

/**
 * A small picture of fixed CSS width for an island (basket, checkout summary), as React props.
 * Islands spell our own image service: IMAGE_CDN_URL is server configuration they do not see.
 */
export function islandThumbnail(src: string, cssWidth: number): { src: string; srcSet: string; sizes: string } {
  const picture = responsiveImage(DEFAULT_IMAGE_URL_TEMPLATE, src, cssWidth, `${cssWidth}px`);
  return { src: picture.src, srcSet: picture.srcset, sizes: picture.sizes };
}
