import { describe, expect, it } from 'vitest';
import {
  productGallery,
  showsColor,
  type Gallery,
  type GalleryFrame,
  type GalleryImage,
  type GalleryMedia,
  type GalleryVideo,
} from '../../src/domain/product/gallery.ts';

const image = (name: string, order: number, colorList: string[] = []): GalleryImage => ({
  link: `/img/${name}.svg`,
  alt: name,
  title: name,
  order,
  colorList,
});
const frame = (color: string | null, order: number): GalleryFrame => ({
  link: `/img/${color ?? 'base'}-360-${order + 1}.svg`,
  alt: `${color ?? 'base'} ${order}`,
  title: `${color ?? 'base'} ${order}`,
  order,
  colorList: color === null ? [] : [color],
  hash: `h-${color ?? 'base'}-${order}`,
});
const video = (id: string): GalleryVideo => ({ link: `https://www.youtube.com/watch?v=${id}`, title: `video ${id}` });
const media = (parts: Partial<GalleryMedia>): GalleryMedia => ({ images: [], videos: [], rotateImages: [], ...parts });

/** The gallery as short labels: `img:<alt>`, `video:<id>`, `360:<alts of the frames>`. */
function labels(gallery: Gallery): string[] {
  return gallery.items.map((item) => {
    if (item.type === 'image') return `img:${item.image.alt}`;
    if (item.type === 'video') return `video:${item.video.link.slice(-3)}`;
    return `360:${item.frames.map((f) => f.order).join(',')}@${item.frames[0]?.colorList[0] ?? 'any'}`;
  });
}

const pink1 = image('pink-1', 2, ['rozovyy']);
const pink2 = image('pink-2', 0, ['rozovyy']);
const blue1 = image('blue-1', 1, ['siniy']);
const shared = image('shared', 3);
const pinkSpin = [5, 0, 11, 1, 2, 3, 4, 6, 7, 8, 9, 10].map((order) => frame('rozovyy', order));
const blueSpin = [0, 1, 2].map((order) => frame('siniy', order));
const anySpin = [1, 0].map((order) => frame(null, order));
const twelve = '0,1,2,3,4,5,6,7,8,9,10,11';

describe('productGallery: the product page media for the chosen colour', () => {
  it.each([
    {
      name: 'shows the colour’s pictures and colourless ones, ordered by order',
      media: media({ images: [pink1, blue1, shared, pink2] }),
      color: 'rozovyy',
      items: ['img:pink-2', 'img:pink-1', 'img:shared'],
      main: 'image',
    },
    {
      name: 'follows another colour',
      media: media({ images: [pink1, blue1, shared, pink2] }),
      color: 'siniy',
      items: ['img:blue-1', 'img:shared'],
      main: 'image',
    },
    {
      name: 'falls back to every picture, ordered, when the colour has none',
      media: media({ images: [pink1, blue1, pink2] }),
      color: 'zelenyy',
      items: ['img:pink-2', 'img:blue-1', 'img:pink-1'],
      main: 'image',
    },
    {
      name: 'puts the videos after the pictures, in the service’s order',
      media: media({ images: [pink1], videos: [video('bbb'), video('aaa')] }),
      color: 'rozovyy',
      items: ['img:pink-1', 'video:bbb', 'video:aaa'],
      main: 'image',
    },
    {
      name: 'puts the colour’s 360° frames last, as one item in turning order',
      media: media({ images: [pink1, blue1], videos: [video('aaa')], rotateImages: [...blueSpin, ...pinkSpin] }),
      color: 'rozovyy',
      items: ['img:pink-1', 'video:aaa', `360:${twelve}@rozovyy`],
      main: 'image',
    },
    {
      name: 'turns the other colour’s frames when that colour is chosen',
      media: media({ images: [pink1, blue1], rotateImages: [...pinkSpin, ...blueSpin] }),
      color: 'siniy',
      items: ['img:blue-1', '360:0,1,2@siniy'],
      main: 'image',
    },
    {
      name: 'shows colourless frames for every colour',
      media: media({ images: [shared], rotateImages: anySpin }),
      color: 'without-color',
      items: ['img:shared', '360:0,1@any'],
      main: 'image',
    },
    {
      name: 'has no 360° item for a colour without frames (no other colour’s turn)',
      media: media({ images: [pink1, blue1], rotateImages: pinkSpin }),
      color: 'siniy',
      items: ['img:blue-1'],
      main: 'image',
    },
    {
      name: 'leads with the 360° view when the product has no pictures',
      media: media({ videos: [video('aaa')], rotateImages: blueSpin }),
      color: 'siniy',
      items: ['360:0,1,2@siniy', 'video:aaa'],
      main: 'rotateImages',
    },
    {
      name: 'leads with the videos when there is nothing else',
      media: media({ videos: [video('aaa'), video('bbb')], rotateImages: blueSpin }),
      color: 'rozovyy',
      items: ['video:aaa', 'video:bbb'],
      main: 'video',
    },
    {
      name: 'is empty, with no main type, for a product without media',
      media: media({}),
      color: 'rozovyy',
      items: [],
      main: null,
    },
  ])('$name', ({ media: input, color, items, main }) => {
    const gallery = productGallery(input, color);
    expect(labels(gallery)).toEqual(items);
    expect(gallery.main).toBe(main);
  });

  it('answers the pictures shown, in order, for structured data', () => {
    expect(productGallery(media({ images: [pink1, blue1, shared, pink2] }), 'rozovyy').images).toEqual([
      pink2,
      pink1,
      shared,
    ]);
    expect(productGallery(media({ rotateImages: pinkSpin }), 'rozovyy').images).toEqual([]);
  });

  it('leaves its input untouched', () => {
    const input = media({ images: [pink1, pink2], rotateImages: [...pinkSpin] });
    const before = structuredClone(input);
    productGallery(input, 'rozovyy');
    expect(input).toEqual(before);
  });
});

describe('showsColor', () => {
  it.each([
    { colorList: ['rozovyy'], color: 'rozovyy', shows: true },
    { colorList: ['rozovyy', 'siniy'], color: 'siniy', shows: true },
    { colorList: ['rozovyy'], color: 'siniy', shows: false },
    { colorList: [], color: 'siniy', shows: true },
    { colorList: [], color: 'without-color', shows: true },
  ])('$colorList for $color → $shows', ({ colorList, color, shows }) => {
    expect(showsColor({ colorList }, color)).toBe(shows);
  });
});
