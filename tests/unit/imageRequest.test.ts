import { describe, expect, it } from 'vitest';
import { parseImageQuery } from '../../src/server/images/imageRequest.ts';
import { allowedSource } from '../../src/server/images/imageSource.ts';

const PHOTO = '/svc/search/public/images/p100001-rozovyy-1.jpg';
const query = (params: Record<string, string>) => parseImageQuery(new URLSearchParams(params));

describe('the image service query', () => {
  it("takes a width from the list, WebP and each format's own quality by default", () => {
    expect(query({ src: PHOTO, w: '320' })).toEqual({ ok: true, query: { src: PHOTO, w: 320, f: 'webp', q: 75 } });
    expect(query({ src: PHOTO, w: '320', f: 'avif' })).toEqual({
      ok: true,
      query: { src: PHOTO, w: 320, f: 'avif', q: 60 },
    });
    expect(query({ src: PHOTO, w: '320', f: 'webp', q: '60' })).toMatchObject({ ok: true, query: { q: 60 } });
    expect(query({ src: PHOTO, w: '1200', f: 'avif', q: '60' })).toMatchObject({
      ok: true,
      query: { f: 'avif', q: 60 },
    });
  });

  it.each([
    ['a width off the list', { src: PHOTO, w: '333' }],
    ['a width beyond the list', { src: PHOTO, w: '4000' }],
    ['no width', { src: PHOTO }],
    ['no source', { w: '320' }],
    ['an unknown format', { src: PHOTO, w: '320', f: 'gif' }],
    ['a quality off the steps', { src: PHOTO, w: '320', q: '77' }],
    ['a quality too high', { src: PHOTO, w: '320', q: '100' }],
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
