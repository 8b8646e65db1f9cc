import { crawlerPictureUrl } from '../media/crawlerPicture.ts';
import { productGallery, type GalleryMedia } from '../product/gallery.ts';
import { colorSlug, selectVariant, type SelectableVariant } from '../product/variantSelection.ts';

/**
 * The photos a product's page shows when opened from its sitemap URL (no colour chosen: the colour
 * the page chooses itself), for the sitemap's image entries, at URLs crawlers may fetch. Image
 * search indexes a picture with the page it appears on, so a colour the bare URL does not show is
 * not listed; the 360° drawings are no photo. Empty for a product the page would not show.
 */
export function productSitemapImages(
  product: GalleryMedia & { nomenclature: readonly SelectableVariant[] },
  origin: string,
): string[] {
  const variant = selectVariant(product.nomenclature, {});
  if (!variant) return [];
  return productGallery(product, colorSlug(variant)).images.map((image) => crawlerPictureUrl(image.link, origin));
}
