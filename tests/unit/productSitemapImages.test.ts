import { describe, expect, it } from 'vitest';
import { productSitemapImages } from '../../src/domain/seo/productSitemapImages.ts';
import type { GalleryImage } from '../../src/domain/product/gallery.ts';
import type { SelectableVariant } from '../../src/domain/product/variantSelection.ts';

const variant = (id: number, color: string, stock: number): SelectableVariant => ({
  id,
  totalAmount: stock,
  isArchival: false,
  probablyPriceRecommended: 100,
  probablyPriceSelling: 90,
  colorPresentation: { slug: color, title: color, ordering: id },
  sizePresentation: { slug: 'm', title: 'M', ordering: 1 },
});
const photo = (name: string, order: number, colorList: string[]): GalleryImage => ({
  link: `/svc/search/public/images/${name}.jpg`,
  alt: name,
  title: name,
  order,
  colorList,
});
const frame = { ...photo('p1-360-1', 0, []), link: '/svc/search/public/images/p1-360-1.svg', hash: 'h' };

const product = {
  nomenclature: [variant(1, 'red', 0), variant(2, 'blue', 3)],
  images: [photo('p1-red-1', 0, ['red']), photo('p1-blue-2', 2, ['blue']), photo('p1-blue-1', 1, ['blue'])],
  videos: [],
  rotateImages: [frame],
};

describe('the photos a product sitemap entry lists', () => {
  it('are those of the colour the bare product URL shows, in gallery order, through /img on SITE_URL', () => {
    // The red variant is sold out, so the page opens on blue (spec §4) and shows blue's photos.
    expect(productSitemapImages(product, 'https://shop.example')).toEqual([
      'https://shop.example/img?src=%2Fsvc%2Fsearch%2Fpublic%2Fimages%2Fp1-blue-1.jpg&w=1200&f=webp',
      'https://shop.example/img?src=%2Fsvc%2Fsearch%2Fpublic%2Fimages%2Fp1-blue-2.jpg&w=1200&f=webp',
    ]);
  });

  it('are none for a product without photos (its 360° drawings are no photo) or without a price', () => {
    expect(productSitemapImages({ ...product, images: [] }, 'https://shop.example')).toEqual([]);
    expect(
      productSitemapImages(
        { ...product, nomenclature: product.nomenclature.map((v) => ({ ...v, probablyPriceSelling: null })) },
        'https://shop.example',
      ),
    ).toEqual([]);
  });
});
