import { describe, expect, it } from 'vitest';
import { articleJsonLd, webPageJsonLd } from '../../src/domain/content/articleJsonLd.ts';
import { breadcrumbJsonLd, jsonLdText } from '../../src/domain/seo/jsonLd.ts';

const post = {
  kind: 'blog' as const,
  origin: 'https://shop.ua',
  url: '/ua/blog/kak-vybrat',
  locale: 'uk' as const,
  publisherName: 'Карапуз',
  headline: 'Як обрати візочок',
  description: 'Поради',
  image: '/svc/content/public/images/post-1.svg',
  datePublished: '2026-03-01T09:00:00.000Z',
  dateModified: null,
  crumbs: [
    { title: 'Головна', href: '/ua/' },
    { title: 'Блог', href: '/ua/blog' },
    { title: 'Як обрати візочок', href: '/ua/blog/kak-vybrat' },
  ],
};

describe('structured data of a post', () => {
  it('is a BlogPosting with absolute URLs, the language and the shop as publisher', () => {
    const [article] = articleJsonLd(post);
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Як обрати візочок',
      description: 'Поради',
      image: ['https://shop.ua/svc/content/public/images/post-1.svg'],
      datePublished: '2026-03-01T09:00:00.000Z',
      inLanguage: 'uk',
      url: 'https://shop.ua/ua/blog/kak-vybrat',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.ua/ua/blog/kak-vybrat' },
      author: { '@type': 'Organization', name: 'Карапуз', url: 'https://shop.ua/' },
      publisher: { '@type': 'Organization', name: 'Карапуз', url: 'https://shop.ua/' },
    });
  });

  it('is a NewsArticle for a news item', () => {
    expect(articleJsonLd({ ...post, kind: 'news' })[0]).toMatchObject({ '@type': 'NewsArticle' });
  });

  it('gives dateModified only when there is one, and keeps an absolute picture as it is', () => {
    const [article] = articleJsonLd({
      ...post,
      dateModified: '2026-03-05T10:00:00+02:00',
      image: 'https://cdn.test/p.jpg',
    });
    expect(article).toMatchObject({ dateModified: '2026-03-05T08:00:00.000Z', image: ['https://cdn.test/p.jpg'] });
    expect(articleJsonLd(post)[0]).not.toHaveProperty('dateModified');
  });

  it('leaves out a picture, description or date it does not have', () => {
    const [article] = articleJsonLd({ ...post, image: '', description: null, datePublished: 'not a date' });
    expect(article).not.toHaveProperty('image');
    expect(article).not.toHaveProperty('description');
    expect(article).not.toHaveProperty('datePublished');
  });

  it('comes with the breadcrumb trail', () => {
    const [, crumbs] = articleJsonLd(post);
    expect(crumbs).toEqual(breadcrumbJsonLd('https://shop.ua', post.crumbs));
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Головна', item: 'https://shop.ua/ua/' },
        { '@type': 'ListItem', position: 2, name: 'Блог', item: 'https://shop.ua/ua/blog' },
        { '@type': 'ListItem', position: 3, name: 'Як обрати візочок', item: 'https://shop.ua/ua/blog/kak-vybrat' },
      ],
    });
  });
});

describe('structured data of an info page', () => {
  it('is a WebPage with its change date, language and publisher', () => {
    const [page] = webPageJsonLd({
      origin: 'https://shop.ua',
      url: '/info/bonus-rules',
      locale: 'ru',
      publisherName: 'Карапуз',
      name: 'Правила бонусной программы',
      description: null,
      dateModified: '2026-01-10T00:00:00.000Z',
      crumbs: [{ title: 'Главная', href: '/' }],
    });
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Правила бонусной программы',
      headline: 'Правила бонусной программы',
      dateModified: '2026-01-10T00:00:00.000Z',
      inLanguage: 'ru',
      url: 'https://shop.ua/info/bonus-rules',
      publisher: { '@type': 'Organization', name: 'Карапуз', url: 'https://shop.ua/' },
    });
  });
});

describe('JSON-LD text', () => {
  it('cannot close its script element, and still parses to the same data', () => {
    const data = { headline: '</script><script>alert(1)</script>' };
    const text = jsonLdText(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
