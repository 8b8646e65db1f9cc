import { responsiveImage, type PictureSlot, type ResponsiveImage } from '../../domain/media/responsiveImage.ts';
import { imageConfig } from '../config.ts';

/** The `src`/`srcset`/`sizes` of a product picture in `place`, spelled by the configured image service or CDN. */
export function pictureFor(src: string, place: PictureSlot): ResponsiveImage {
  return responsiveImage(imageConfig.urlTemplate, src, place.maxSlotWidth, place.sizes);
}

/** A small picture of fixed CSS width (basket and order lines). */
export function thumbnailFor(src: string, cssWidth: number): ResponsiveImage {
  return responsiveImage(imageConfig.urlTemplate, src, cssWidth, `${cssWidth}px`);
}
