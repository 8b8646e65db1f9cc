import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_URL_TEMPLATE,
  PICTURE_SLOTS,
  islandThumbnail,
  responsiveImage,
} from '../../src/domain/media/responsiveImage.ts';
import { imageVariants, parseImageQuery } from '../../src/server/images/imageRequest.ts';
import { allowedSource } from '../../src/server/images/imageSource.ts';

const PHOTO = '/svc/search/public/images/p100001-rozovyy-1.jpg';
const query = (params: Record<string, string>) => parseImageQuery(new URLSearchParams(params));

describe('the image service query', () => {
  it("takes a width from the list, WebP by default, and each format's own quality", () => {
    expect(query({ src: PHOTO, w: '320' })).toEqual({ ok: true, query: { src: PHOTO, w: 320, f: 'webp', q: 75 } });
    expect(query({ src: PHOTO, w: '320', f: 'avif' })).toEqual({
      ok: true,
      query: { src: PHOTO, w: 320, f: 'avif', q: 60 },
    });
  });

  it('accepts exactly the variants the pages ask for: 16 of a photo, once 176', () => {
    // Every URL a view spells: each slot's srcset, AVIF srcset and fallback, and the thumbnails.
    const urls = [
      ...Object.values(PICTURE_SLOTS).flatMap((slot) => {
        const picture = responsiveImage(DEFAULT_IMAGE_URL_TEMPLATE, PHOTO, slot.maxSlotWidth, slot.sizes);
        return [picture.src, picture.srcset, picture.avifSrcset ?? ''];
      }),
      ...[56, 80, 96].flatMap((cssWidth) => [
        islandThumbnail(PHOTO, cssWidth).src,
        islandThumbnail(PHOTO, cssWidth).srcSet,
      ]),
    ]
      .flatMap((list) => list.split(', '))
      .filter((candidate) => candidate !== '')
      .map((candidate) => candidate.split(' ')[0] ?? '');
    const asked = new Set(
      urls.map((url) => {
        const parsed = parseImageQuery(new URL(url, 'https://shop.example').searchParams);
        if (!parsed.ok) throw new Error(`a page's URL is refused: ${url} (${parsed.problems})`);
        return `${parsed.query.w} ${parsed.query.f} ${parsed.query.q}`;
      }),
    );
    const accepted = new Set(imageVariants().map(({ w, f, q }) => `${w} ${f} ${q}`));
    expect(asked).toEqual(accepted);
    expect(accepted.size).toBe(16);
  });

  it.each([
    ['a width off the list', { src: PHOTO, w: '333' }],
    ['a width beyond the list', { src: PHOTO, w: '4000' }],
    ['no width', { src: PHOTO }],
    ['no source', { w: '320' }],
    ['an unknown format', { src: PHOTO, w: '320', f: 'gif' }],
    ['a quality off the steps', { src: PHOTO, w: '320', q: '77' }],
    ['a quality too high', { src: PHOTO, w: '320', q: '100' }],
    // Once 40–90 in steps of 5: eleven copies of every picture that no page asks for.
    ['another quality of WebP', { src: PHOTO, w: '320', f: 'webp', q: '80' }],
    ['another quality of AVIF', { src: PHOTO, w: '320', f: 'avif', q: '40' }],
    // The URLs pages spell name no quality: one URL per picture, for the CDN as for the cache.
    ["the format's own quality spelled out", { src: PHOTO, w: '320', f: 'webp', q: '75' }],
    ['an unknown parameter', { src: PHOTO, w: '320', dpr: '2' }],
  ])('refuses %s', (_case, params) => {
    expect(query(params).ok).toBe(false);
  });

  it('refuses a repeated parameter', () => {
    expect(parseImageQuery(new URLSearchParams(`src=${PHOTO}&w=320&w=1200`)).ok).toBe(false);
  });
});

describe('allowed image sources', () => {
  const origins = ['https://img.example.com'];

  it("takes the embedded search service's photos, answered in process", () => {
    expect(allowedSource(PHOTO, origins)).toEqual({ url: `http://embedded.local${PHOTO}`, embedded: true });
  });

  it('takes a URL on a configured origin', () => {
    expect(allowedSource('https://img.example.com/a/b.jpg', origins)).toEqual({
      url: 'https://img.example.com/a/b.jpg',
      embedded: false,
    });
  });

  it.each([
    'https://evil.example/a.jpg',
    'https://img.example.com.evil.example/a.jpg',
    'https://user:pw@img.example.com/a.jpg',
    'file:///etc/passwd',
    '/svc/search/public/images/../../search.db',
    '/svc/search/public/images/p100001-rozovyy-1.svg',
    '/svc/user/private',
    '//evil.example/a.jpg',
  ])('refuses %s', (src) => {
    expect(allowedSource(src, origins)).toBeNull();
  });
});
