import { responsiveImage, type PictureSlot, type ResponsiveImage } from '../../domain/media/responsiveImage.ts';
import { imageConfig } from '../config.ts';

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
