import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_URL_TEMPLATE,
  IMAGE_WIDTHS,
  PICTURE_SLOTS,
  imageUrl,
  islandThumbnail,
  responsiveImage,
} from '../../src/domain/media/responsiveImage.ts';

const PHOTO = '/svc/search/public/images/p100001-rozovyy-1.jpg';

describe('imageUrl', () => {
  it('spells our image service with the source URL-encoded', () => {
    expect(imageUrl(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 320)).toBe(
      '/img?src=%2Fsvc%2Fsearch%2Fpublic%2Fimages%2Fp100001-rozovyy-1.jpg&w=320&f=webp',
    );
  });

  it("spells a CDN's resizing URL from its template", () => {
    const template = 'https://cdn.example/cdn-cgi/image/width={width},format={format}{path}';
    expect(imageUrl(template, PHOTO, 640, 'avif')).toBe(
      'https://cdn.example/cdn-cgi/image/width=640,format=avif/svc/search/public/images/p100001-rozovyy-1.jpg',
    );
  });
});

describe('responsiveImage', () => {
  it('offers every width up to what a 3× screen needs at the widest slot, and no more', () => {
    const picture = responsiveImage(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 200, '50vw');
    const widths = picture.srcset.split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));
    expect(widths).toEqual([160, 240, 320, 480, 640]);
    expect(picture.sizes).toBe('50vw');
    expect(picture.src).toContain('&w=240&');
  });

  it('offers the same widths in AVIF for a <source>, unless the template cannot name a format', () => {
    const picture = responsiveImage(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 200, '50vw');
    expect(picture.avifSrcset).toBe(picture.srcset.replaceAll('f=webp', 'f=avif'));
    expect(picture.avifSrcset).toContain('&w=640&f=avif 640w');
    const negotiating = responsiveImage('https://cdn.example/{width}{path}', PHOTO, 200, '50vw');
    expect(negotiating.avifSrcset).toBeNull();
    expect(negotiating.srcset).toContain('https://cdn.example/640/svc/search/public/images/p100001-rozovyy-1.jpg 640w');
  });

  it('stops at the full size for slots wider than a third of it', () => {
    const picture = responsiveImage(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 1024, '100vw');
    expect(picture.srcset.split(', ')).toHaveLength(IMAGE_WIDTHS.length);
    expect(picture.src).toContain('&w=1200&');
  });

  it('never leaves a gap over 1.5× between neighbouring widths (so a pick is never 2× the slot)', () => {
    for (const [index, width] of IMAGE_WIDTHS.entries()) {
      const next = IMAGE_WIDTHS[index + 1];
      if (next !== undefined) expect(next / width).toBeLessThanOrEqual(1.5);
    }
  });

  it.each(Object.entries(PICTURE_SLOTS))('the %s slot ends with a default width for phones', (_name, slot) => {
    expect(slot.sizes).toMatch(/, (\d+vw|calc\(\d+vw - \d+px\))$/);
  });
});

describe('islandThumbnail', () => {
  it('gives React props for a fixed-width picture from our image service', () => {
    expect(islandThumbnail(PHOTO, 56)).toEqual({
      src: imageUrl(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 160),
      srcSet: `${imageUrl(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 160)} 160w, ${imageUrl(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, 240)} 240w`,
      sizes: '56px',
    });
  });
});
