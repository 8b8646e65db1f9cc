import type { Locale } from '../../api/schemas/common.ts';
import { SHOP_LOGO } from '../shop.ts';
import { absoluteUrl } from './jsonLd.ts';

/**
 * Link previews (Open Graph, read by Facebook, Telegram, Viber, WhatsApp; X reads its own card
 * type and falls back to Open Graph for title, description and picture, so only `twitter:card` is
 * written). In the page's language, every URL absolute on the site's origin.
 */

/** What a page adds to the defaults: its kind, its own picture, and a product's price and stock. */
export interface SharePreview {
  type: 'website' | 'product' | 'article';
  /** The shared title when the document title (with the shop's suffix) is not the best one. */
  title?: string | undefined;
  /** An absolute picture URL for crawlers (crawlerPicture.ts); absent or null: the shop's logo. */
  image?: string | null | undefined;
  /** A product's price in UAH and whether it can be bought. */
  product?: { price: number; availability: 'in stock' | 'out of stock' | 'preorder' } | undefined;
  /** A post's publication instant (ISO). */
  publishedTime?: string | undefined;
}

export interface SharePreviewInput {
  origin: string;
  locale: Locale;
  siteName: string;
  /** The document title. */
  title: string;
  /** The page's description, else the shop's. */
  description: string;
  /** Site-relative URL of the page (its canonical one when it has one). */
  path: string;
  preview?: SharePreview | undefined;
}

/** One `<meta>`: Open Graph's are `property=`, X's `name=`. */
export interface PreviewTag {
  attribute: 'property' | 'name';
  key: string;
  content: string;
}

const OG_LOCALE: Readonly<Record<Locale, string>> = { ru: 'ru_RU', uk: 'uk_UA' };

/** The page's preview tags, in the order they are printed. */
export function sharePreviewTags(input: SharePreviewInput): PreviewTag[] {
  const preview = input.preview ?? { type: 'website' };
  const og = (key: string, content: string | number): PreviewTag => ({
    attribute: 'property',
    key: `og:${key}`,
    content: String(content),
  });
  // Facebook, Telegram, Viber and WhatsApp show no vector picture: a post whose cover is a drawing
  // (the demo CMS's are SVG) is previewed with the shop's logo, a raster cover with itself.
  const own = preview.image && !isVectorPicture(preview.image) ? preview.image : null;
  const title = preview.title ?? input.title;
  const tags: PreviewTag[] = [
    og('type', preview.type),
    og('site_name', input.siteName),
    og('locale', OG_LOCALE[input.locale]),
    ...(Object.keys(OG_LOCALE) as Locale[])
      .filter((locale) => locale !== input.locale)
      .map((locale) => og('locale:alternate', OG_LOCALE[locale])),
    og('url', absoluteUrl(input.origin, input.path)),
    og('title', title),
    og('description', input.description),
    og('image', own ?? absoluteUrl(input.origin, SHOP_LOGO.path)),
    ...(own === null ? [og('image:width', SHOP_LOGO.width), og('image:height', SHOP_LOGO.height)] : []),
    og('image:alt', title),
  ];
  if (preview.product) {
    tags.push(
      { attribute: 'property', key: 'product:price:amount', content: String(preview.product.price) },
      { attribute: 'property', key: 'product:price:currency', content: 'UAH' },
      { attribute: 'property', key: 'product:availability', content: preview.product.availability },
    );
  }
  if (preview.publishedTime)
    tags.push({ attribute: 'property', key: 'article:published_time', content: preview.publishedTime });
  // A large card for a page's own picture; the square logo would be cropped in one.
  tags.push({ attribute: 'name', key: 'twitter:card', content: own === null ? 'summary' : 'summary_large_image' });
  return tags;
}

/** Whether a picture URL names an SVG drawing (its path, whatever the query says). */
function isVectorPicture(url: string): boolean {
  return /\.svgz?$/i.test(URL.canParse(url) ? new URL(url).pathname : (url.split('?')[0] ?? ''));
}
