import {
  IMAGE_WIDTHS,
  imageUrl,
  responsiveImage,
  type PictureSlot,
  type ResponsiveImage,
} from '../../domain/media/responsiveImage.ts';
import { imageConfig } from '../config.ts';
import { allowedSource } from './imageSource.ts';

/** The `src`/`srcset`/`sizes` of a product picture in `place`, spelled by the configured image service or CDN. */
export function pictureFor(src: string, place: PictureSlot): ResponsiveImage {
  return responsiveImage(imageConfig.urlTemplate, src, place.maxSlotWidth, place.sizes);
}

/**
 * A small picture of fixed CSS width (basket and order lines), as `<img>` attributes: WebP only,
 * a 96 px thumbnail is a few KB either way.
 */
export function thumbnailFor(src: string, cssWidth: number): Pick<ResponsiveImage, 'src' | 'srcset' | 'sizes'> {
  const { src: fallback, srcset, sizes } = responsiveImage(imageConfig.urlTemplate, src, cssWidth, `${cssWidth}px`);
  return { src: fallback, srcset, sizes };
}

/** The widest picture the image service makes: what search engines and link previews are given. */
const SHARED_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1200;

/**
 * The absolute URL of a picture for crawlers and link previews (JSON-LD `image`, `og:image`): a
 * photo the image service can read goes through it (`/img`, or the configured CDN) at its widest
 * WebP, since the photos' own route lies under `/svc/`, which robots.txt closes; any other picture
 * (the CMS's drawings, an absolute URL elsewhere) keeps its link. Relative URLs are made absolute
 * against `origin` (SITE_URL), never the request's Host.
 */
export function crawlerPictureUrl(src: string, origin: string): string {
  const source = allowedSource(src, imageConfig.sourceOrigins);
  const isPhoto = source !== null && /\.jpe?g$/i.test(new URL(source.url).pathname);
  return new URL(isPhoto ? imageUrl(imageConfig.urlTemplate, src, SHARED_WIDTH) : src, origin).href;
}
