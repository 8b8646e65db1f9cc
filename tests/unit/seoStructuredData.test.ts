import { describe, expect, it } from 'vitest';
import type { DeliveryPromiseRow } from '../../src/domain/content/deliveryPromises.ts';
import { FREE_DELIVERY } from '../../src/domain/checkout/freeDelivery.ts';
import { returnPolicyLd, shippingDetailsLd, termDays } from '../../src/domain/seo/offerPolicies.ts';
import { listingJsonLd } from '../../src/domain/seo/listingJsonLd.ts';
import { sharePreviewTags } from '../../src/domain/seo/sharePreview.ts';
import { crawlerPictureUrl } from '../../src/domain/media/crawlerPicture.ts';

const row = (
  slug: DeliveryPromiseRow['slug'],
  price: number,
  extra: Partial<DeliveryPromiseRow> = {},
): DeliveryPromiseRow => ({
  slug,
  title: slug,
  price,
  freeFromThreshold: FREE_DELIVERY.methods.includes(slug),
  term: '1-2 дня',
  reach: 'whereOffered',
  ...extra,
});

describe('shipping details of an offer', () => {
  const rows = [
    row('pick-and-collect', 0),
    row('np-warehouse', 59),
    row('u-warehouse', 35, { term: '3-5 днів' }),
    row('im-courier', 69, { reach: 'homeCity' }),
    row('ipost-courier', 79, { term: 'в день заказа' }),
  ];
  const rate = (details: object[], label: string) =>
    (
      details.find((d) => (d as { shippingLabel: string }).shippingLabel === label) as
        { shippingRate: { value: number; currency: string } } | undefined
    )?.shippingRate;

  it('lists the methods shoppers anywhere in Ukraine can choose, not pickup or a home-city courier', () => {
    const labels = shippingDetailsLd(rows, 100).map((d) => (d as { shippingLabel: string }).shippingLabel);
    expect(labels).toEqual(['np-warehouse', 'u-warehouse', 'ipost-courier']);
  });

  it('charges what the checkout charges for this one item: free-delivery methods cost 0 from the threshold', () => {
    expect(rate(shippingDetailsLd(rows, FREE_DELIVERY.threshold - 1), 'np-warehouse')).toEqual({
      '@type': 'MonetaryAmount',
      value: 59,
      currency: 'UAH',
    });
    expect(rate(shippingDetailsLd(rows, FREE_DELIVERY.threshold), 'np-warehouse')?.value).toBe(0);
    expect(rate(shippingDetailsLd(rows, FREE_DELIVERY.threshold), 'u-warehouse')?.value).toBe(35);
  });

  it('ships to Ukraine, with the transit days of the method', () => {
    const [first] = shippingDetailsLd([row('u-warehouse', 35, { term: '3-5 днів' })], 10) as [Record<string, unknown>];
    expect(first['shippingDestination']).toEqual({ '@type': 'DefinedRegion', addressCountry: 'UA' });
    expect(first['deliveryTime']).toMatchObject({ transitTime: { minValue: 3, maxValue: 5, unitCode: 'DAY' } });
  });

  it.each([
    ['1-2 дня', 1, 2],
    ['от 1 дня', 1, 1],
    ['в день заказа', 0, 0],
  ])('reads «%s» as %d to %d days', (term, min, max) => {
    expect(termDays(term)).toEqual({ min, max });
  });
});

describe('return policy of an offer', () => {
  it('is 14 days in Ukraine, in a shop or by mail, with the terms page linked absolutely', () => {
    expect(returnPolicyLd('https://shop.ua', '/ua/info/exchange-and-return')).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'UA',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
      merchantReturnLink: 'https://shop.ua/ua/info/exchange-and-return',
    });
  });
});

describe('structured data of a listing', () => {
  const input = {
    origin: 'https://shop.ua',
    trail: { crumbs: [{ title: 'Главная', href: '/' }], current: 'Одежда' },
    pagePath: '/odezhda/page-2',
    name: 'Одежда',
    items: [{ href: '/product/a' }, { href: '/product/b' }],
  };

  it('gives the shown trail ending at the page, and the products as a summary ItemList', () => {
    const [crumbs, list] = listingJsonLd(input) as [Record<string, unknown>, Record<string, unknown>];
    expect(crumbs['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://shop.ua/' },
      { '@type': 'ListItem', position: 2, name: 'Одежда', item: 'https://shop.ua/odezhda/page-2' },
    ]);
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
    expect(list['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, url: 'https://shop.ua/product/a' },
      { '@type': 'ListItem', position: 2, url: 'https://shop.ua/product/b' },
    ]);
  });

  it('has no ItemList when the page shows no products', () => {
    expect(listingJsonLd({ ...input, items: [] })).toHaveLength(1);
  });
});

describe('pictures for crawlers and link previews', () => {
  it('sends the shop’s own photos through /img at 1200 px, absolute from the site origin', () => {
    expect(crawlerPictureUrl('/svc/search/public/images/p1-a-1.jpg', 'https://shop.ua')).toBe(
      'https://shop.ua/img?src=%2Fsvc%2Fsearch%2Fpublic%2Fimages%2Fp1-a-1.jpg&w=1200&f=webp',
    );
  });

  it('keeps other pictures where they are, made absolute', () => {
    expect(crawlerPictureUrl('/svc/content/public/images/post-1.svg', 'https://shop.ua')).toBe(
      'https://shop.ua/svc/content/public/images/post-1.svg',
    );
    expect(crawlerPictureUrl('https://cdn.example/p.jpg', 'https://shop.ua')).toBe('https://cdn.example/p.jpg');
  });
});

describe('link previews', () => {
  const base = {
    origin: 'https://shop.ua',
    locale: 'uk' as const,
    siteName: 'Карапуз',
    title: 'Одяг — Карапуз',
    description: 'Опис',
    path: '/ua/odezhda',
  };
  const tagMap = (tags: ReturnType<typeof sharePreviewTags>) => new Map(tags.map((tag) => [tag.key, tag.content]));

  it('describes a plain page in its language with the shop’s logo and a small card', () => {
    const tags = tagMap(sharePreviewTags(base));
    expect(tags.get('og:locale')).toBe('uk_UA');
    expect(tags.get('og:locale:alternate')).toBe('ru_RU');
    expect(tags.get('og:url')).toBe('https://shop.ua/ua/odezhda');
    expect(tags.get('og:image')).toBe('https://shop.ua/logo.png');
    expect(tags.get('twitter:card')).toBe('summary');
  });

  it('gives a product its picture, name, price in UAH and availability', () => {
    const tags = tagMap(
      sharePreviewTags({
        ...base,
        locale: 'ru',
        preview: {
          type: 'product',
          title: 'Боди',
          image: 'https://shop.ua/img?src=x.jpg&w=1200&f=webp',
          product: { price: 299, availability: 'in stock' },
        },
      }),
    );
    expect(tags.get('og:locale')).toBe('ru_RU');
    expect(tags.get('og:type')).toBe('product');
    expect(tags.get('og:title')).toBe('Боди');
    expect(tags.get('product:price:amount')).toBe('299');
    expect(tags.get('product:price:currency')).toBe('UAH');
    expect(tags.get('product:availability')).toBe('in stock');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.has('og:image:width')).toBe(false);
  });

  it('previews a post with its raster cover, and with the logo when the cover is a drawing', () => {
    const post = (image: string) =>
      tagMap(sharePreviewTags({ ...base, preview: { type: 'article', image, publishedTime: '2026-11-01' } }));
    const photo = post('https://shop.ua/img?src=%2Fcovers%2Fa.jpg&w=1200&f=webp');
    expect(photo.get('og:image')).toBe('https://shop.ua/img?src=%2Fcovers%2Fa.jpg&w=1200&f=webp');
    expect(photo.get('twitter:card')).toBe('summary_large_image');
    const drawing = post('https://shop.ua/svc/content/public/images/post-1.svg?v=2');
    expect(drawing.get('og:image')).toBe('https://shop.ua/logo.png');
    expect(drawing.get('og:image:width')).toBeTruthy();
    expect(drawing.get('twitter:card')).toBe('summary');
  });
});
