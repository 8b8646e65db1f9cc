import { describe, expect, it } from 'vitest';
import { headerTag, localeTag, sliderTag } from '../../src/api/cacheTags.ts';
import { listingTags } from '../../src/domain/catalog/listingTags.ts';
import { productChange, NO_EFFECTS, type ChangedProduct } from '../../src/services/search/productChangeTags.ts';

const plain = { filters: [], sort: null };

describe('listingTags (issue 30)', () => {
  it('tags a listing by the products it shows, and by price or stock only where it orders or filters by them', () => {
    expect(listingTags('category:odezhda', plain, [1, 2])).toEqual(['product:1', 'product:2']);
    expect(listingTags('category:odezhda', { filters: [], sort: { field: 'new', desc: true } }, [1])).toEqual([
      'product:1',
    ]);
    for (const field of ['price', 'discount']) {
      expect(listingTags('brand:7', { filters: [], sort: { field, desc: false } }, [])).toEqual(['by-price:brand:7']);
    }
    expect(listingTags('search', { filters: [{ topic: 'price', values: ['100', '0'] }], sort: null }, [3])).toEqual([
      'product:3',
      'by-price:search',
    ]);
    expect(listingTags('category:obuv', { filters: [{ topic: 'warehouses', values: ['4'] }], sort: null }, [])).toEqual(
      ['by-stock:category:obuv'],
    );
  });

  it('keeps the tag header of a 48-card listing well within what Varnish, Fastly and Cloudflare take', () => {
    const ids = Array.from({ length: 48 }, (_, i) => 9_000_000 + i);
    const tags = [
      'catalog',
      'category-config',
      'category:kolyaski-i-avtokresla',
      'category:progulochnye-kolyaski',
      localeTag('content:catalogue-kolyaski-i-avtokresla-progulochnye-kolyaski-banner', 'uk'),
      localeTag(sliderTag('nav-banners'), 'uk'),
      ...listingTags(
        'category:progulochnye-kolyaski',
        {
          filters: [
            { topic: 'price', values: ['100', '2000'] },
            { topic: 'warehouses', values: ['1'] },
          ],
          sort: { field: 'price', desc: true },
        },
        ids,
      ),
    ];
    const header = tags.map(headerTag).join(' ');
    // Varnish's default http_resp_hdr_len is 8 KB; Cloudflare's Cache-Tag and Fastly's Surrogate-Key take 16 KB.
    expect(header.length).toBeLessThan(2048);
    expect(Math.max(...tags.map((tag) => tag.length))).toBeLessThan(1024);
  });
});

describe('productChange (issue 30)', () => {
  const product: ChangedProduct = {
    id: 5,
    slug: 'kolyaska',
    folderCategorySlug: 'kolyaski',
    categorySlug: 'progulochnye',
    brandId: 3,
    catalogSlugs: ['leto'],
  };
  const scopes = ['category:kolyaski', 'category:progulochnye', 'brand:3', 'catalog:leto', 'search'];

  it('a quantity change drops the product alone', () => {
    expect(productChange(product, NO_EFFECTS)).toEqual({
      productId: 5,
      tags: ['product:5'],
      paths: ['/product/kolyaska', '/ua/product/kolyaska'],
    });
  });

  it('a price change adds the price-ordered listings of its scopes, a stock move the warehouse-filtered ones', () => {
    expect(productChange(product, { ...NO_EFFECTS, prices: true }).tags).toEqual([
      'product:5',
      ...scopes.map((scope) => `by-price:${scope}`),
    ]);
    expect(productChange(product, { ...NO_EFFECTS, warehouses: true }).tags).toEqual([
      'product:5',
      ...scopes.map((scope) => `by-stock:${scope}`),
    ]);
  });

  it('the outlet, the sitemap file and going on sale each add their own', () => {
    expect(productChange(product, { ...NO_EFFECTS, outletMoved: 'outlet', sitemapFile: 2 }).tags).toEqual([
      'product:5',
      'catalog:outlet',
      'sitemap:products:2',
    ]);
    expect(productChange(product, { ...NO_EFFECTS, onSale: true }).tags).toEqual([
      'product:5',
      'category:kolyaski',
      'category:progulochnye',
      'brand:3',
      'catalog:leto',
      'catalog',
    ]);
  });

  it('a product without a sub-category or brand has only its folder and search as scopes', () => {
    const bare = { ...product, categorySlug: null, brandId: null, catalogSlugs: [] };
    expect(productChange(bare, { ...NO_EFFECTS, prices: true }).tags).toEqual([
      'product:5',
      'by-price:category:kolyaski',
      'by-price:search',
    ]);
  });
});
