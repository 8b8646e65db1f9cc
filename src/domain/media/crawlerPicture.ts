import { DEFAULT_IMAGE_URL_TEMPLATE, IMAGE_WIDTHS, imageUrl } from './responsiveImage.ts';

/** The widest picture the image service makes: what search engines and link previews are given. */
const SHARED_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1200;

/**
 * The absolute URL of a picture for crawlers and link previews (JSON-LD `image`, `og:image`). A
 * photo on the shop's own origin (a site-relative JPEG: the embedded search service's, under
 * `/svc/`, which robots.txt closes) goes through the shop's image endpoint `/img` at its widest
 * WebP, one of the variants it makes anyway; `/img` is on the shop's origin in every deployment,
 * with or without an image CDN in front. Any other picture keeps its link: an absolute URL is
 * another host's to serve, and the CMS's drawings are open to crawlers where they are (robots.txt).
 * Relative URLs are made absolute against `origin` (SITE_URL), never the request's Host.
 */
export function crawlerPictureUrl(src: string, origin: string): string {
  const ownPhoto = src.startsWith('/') && !src.startsWith('//') && /\.jpe?g$/i.test(src.split('?')[0] ?? '');
  return new URL(ownPhoto ? imageUrl(DEFAULT_IMAGE_URL_TEMPLATE, src, SHARED_WIDTH) : src, origin).href;
}
