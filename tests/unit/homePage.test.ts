import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { MAIN_PAGE_SLUGS } from '../../src/api/schemas/content.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import {
  HOME_CONTENT_SLUGS,
  HOME_SLIDER_SLUGS,
  homePageTags,
  loadHomePage,
  loadProductStrip,
  POST_STRIP_DEFAULT,
} from '../../src/server/pages/homePage.ts';
import { fakeFetch, json, waitForAbort } from './support/fakeFetch.ts';
import type { Sent } from './support/fakeFetch.ts';

const baseUrls = serviceBaseUrls({ CONTENT_API_URL: 'https://content.test', SEARCH_API_URL: 'https://search.test' });

function product(id: number): WireProduct {
  return {
    id,
    productId: id,
    title: `Товар ${id}`,
    titleUkr: `Товар ${id}`,
    slug: `tovar-${id}`,
    brand: null,
    images: [],
    videos: [],
    rotateImages: [],
    nomenclature: [],
    filterList: [],
    productGroup: null,
    shortDescription: null,
    shortDescriptionUkr: null,
    allowSubscription: false,
    folderCategory: { slug: 'odezhda', title: 'Одежда' },
    category: null,
    isArchival: false,
  };
}

const slider = (slug: string, title: string, slides: Record<string, string>[]) =>
  json({
    slug,
    locale: 'ru',
    title,
    activeSliderItem: slides.map((props, index) => ({
      id: index + 1,
      ordering: (index + 1) * 10,
      title: null,
      value: null,
      description: null,
      props: Object.entries(props).map(([key, value]) => ({ key, value })),
    })),
  });
const block = (formatName: string, content: unknown) =>
  json({ code: 'x', formatName, contentFormatted: typeof content === 'string' ? content : JSON.stringify(content) });
const noData = () => json({ code: 404, message: 'Not found' }, 404);
const post = (slug: string) => ({
  id: slug.length,
  slug,
  group: 0,
  title: `Пост ${slug}`,
  preview: '',
  image: '/i/p.svg',
  imageAlt: '',
  publishedAt: '2026-10-01T10:00:00.000Z',
});

const main = (title: string, extra: Record<string, string> = {}) => ({
  title,
  img: `/i/${title}.svg`,
  alt: title,
  link: '/odezhda',
  ...extra,
});
const banner = (title: string, type: string) => ({ title, img: '/i/b.svg', alt: title, link: '/x', type });

/** The seeded shape of every block; `override` replaces the answer of one path. */
function contentService(override: Record<string, () => Response> = {}) {
  return (sent: Sent): Response => {
    const path = decodeURIComponent(sent.url.pathname);
    const custom = override[path];
    if (custom) return custom();
    if (sent.url.host === 'search.test' && path === '/public/products') {
      const ids = [...sent.url.searchParams.entries()].filter(([k]) => k.startsWith('ids[')).map(([, v]) => Number(v));
      return json({
        items: ids.toReversed().map(product),
        aggr: { topicList: [], price: { min: 0, max: 0 } },
        pagination: { total: ids.length, page: 0, limit: ids.length },
      });
    }
    const slug = path.split('/')[4] ?? '';
    if (path.startsWith('/public/slider/')) {
      if (slug === MAIN_PAGE_SLUGS.slider)
        return slider(slug, 'Главный', [main('A', { promotion_id: 'p1', promotion_name: 'Акция' }), main('B')]);
      if (slug === MAIN_PAGE_SLUGS.mobileSlider) return slider(slug, 'Моб', [main('mA')]);
      if (slug === MAIN_PAGE_SLUGS.firstSlider) return slider(slug, 'Популярные разделы', [banner('b1', '1')]);
      if (slug === MAIN_PAGE_SLUGS.secondSlider) return slider(slug, 'Сервисы', [banner('s1', '2'), banner('s2', '2')]);
      if (slug === MAIN_PAGE_SLUGS.categories) return slider(slug, ' Категории ', [banner('Одежда', '1')]);
      if (slug === MAIN_PAGE_SLUGS.brands)
        return slider(slug, 'Бренды', [{ img: '/i/l.svg', alt: 'LEGO', link: '/l' }]);
      if (slug === MAIN_PAGE_SLUGS.partnerBrand)
        return slider(slug, 'Chicco Time', [
          { img: '/i/c.svg', title: 'Бутылочки', type: 'category', link: '/c', alt: 'c', discount: '-20%' },
        ]);
    }
    if (path.startsWith('/public/content-block/')) {
      if (slug === MAIN_PAGE_SLUGS.firstProductSlider)
        return block('json', { title: 'Хиты продаж', link: null, productIds: [3, 1, 2] });
      if (slug === MAIN_PAGE_SLUGS.secondProductSlider)
        return block('json', { title: 'Новинки', link: '/odezhda/sort-new', productIds: [7] });
      if (slug === MAIN_PAGE_SLUGS.instagramLink)
        return block('json', { title: 'Мы в Instagram', link: 'https://www.instagram.com/k/', handle: '@k' });
      if (slug === MAIN_PAGE_SLUGS.blogPosts)
        return block('json', { title: 'Блог', link: '/blog', slugs: ['b2', 'b1'] });
      if (slug === MAIN_PAGE_SLUGS.newsPosts) return block('json', { title: 'Новости', link: '/news', slugs: ['n1'] });
      if (slug === MAIN_PAGE_SLUGS.description)
        return block('text', '<h2>Карапуз</h2><p onclick="x()">Текст<script>alert(1)</script></p>');
    }
    if (path === '/public/blog/bbs/ru' || path === '/public/blog-news/bbs/ru') {
      const slugs = [...sent.url.searchParams.entries()].filter(([k]) => k.startsWith('slugs[')).map(([, v]) => v);
      const items = (slugs.length > 0 ? slugs : ['latest1', 'latest2']).map(post);
      return json({ items, total: items.length });
    }
    return noData();
  };
}

function client(handler: (sent: Sent, request: Request) => Response | Promise<Response>, locale: Locale = 'ru') {
  const fake = fakeFetch(handler);
  return { api: createHttpClient({ baseUrls, fetch: fake.fetch, locale }), sent: fake.sent };
}

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
});

describe('loadHomePage', () => {
  it('reads every block of the main page by its slug', async () => {
    const { api, sent } = client(contentService());
    const home = await loadHomePage(api);

    expect(home.failed).toEqual([]);
    expect(home.mainSlider.desktop.map((s) => [s.title, s.promotionId, s.promotionName])).toEqual([
      ['A', 'p1', 'Акция'],
      ['B', null, null],
    ]);
    expect(home.mainSlider.mobile.map((s) => s.title)).toEqual(['mA']);
    expect(home.firstBanners).toMatchObject({ title: 'Популярные разделы', layout: 'strip' });
    expect(home.secondBanners).toMatchObject({ title: 'Сервисы', layout: 'list' });
    expect(home.secondBanners.slides.map((s) => s.title)).toEqual(['s1', 's2']);
    expect(home.categories.title).toBe('Категории');
    expect(home.brands.slides).toEqual([{ img: '/i/l.svg', alt: 'LEGO', link: { href: '/l', newTab: false } }]);
    expect(home.partner).toMatchObject({ title: 'Chicco Time', slides: [{ title: 'Бутылочки', discount: '-20%' }] });
    // The strips' headings only: the page does not wait for their products (issue 27, /home-strip
    // sends the cards) and asks the search service for none.
    expect(home.firstProducts).toEqual({ title: 'Хиты продаж', link: null, products: [] });
    expect(home.secondProducts).toMatchObject({ title: 'Новинки', link: { href: '/odezhda/sort-new', newTab: false } });
    expect(home.secondProducts?.products).toEqual([]);
    expect(sent.some((s) => s.url.pathname === '/public/products')).toBe(false);
    // A strip's cards (the fragment's): in the order of the content block, whatever order the search service answers in.
    const strip = await loadProductStrip(api, MAIN_PAGE_SLUGS.firstProductSlider);
    expect(strip?.products.map((p) => p.id)).toEqual([3, 1, 2]);
    expect(home.instagram).toEqual({ title: 'Мы в Instagram', href: 'https://www.instagram.com/k/', handle: '@k' });
    expect(home.blog.posts.map((p) => p.slug)).toEqual(['b2', 'b1']);
    expect(home.news.posts.map((p) => p.slug)).toEqual(['n1']);
    // CMS HTML is sanitised before it can reach set:html.
    expect(home.description).toBe('<h2>Карапуз</h2><p>Текст</p>');

    const paths = sent.map((s) => decodeURIComponent(s.url.pathname));
    for (const slug of HOME_SLIDER_SLUGS) expect(paths).toContain(`/public/slider/bbs/${slug}/ru`);
    for (const slug of HOME_CONTENT_SLUGS) expect(paths).toContain(`/public/content-block/bbs/${slug}/ru`);
    const blog = sent.find((s) => s.url.pathname === '/public/blog/bbs/ru');
    expect(blog?.url.searchParams.get('group')).toBe('0');
    expect(blog?.url.searchParams.get('limit')).toBe('2');
    expect(sent.find((s) => s.url.pathname === '/public/blog-news/bbs/ru')?.url.searchParams.get('group')).toBe('1');
    expect(errors).not.toHaveBeenCalled();
  });

  it('asks in the client locale', async () => {
    const { api, sent } = client(() => noData(), 'uk');
    await loadHomePage(api);
    expect(sent.some((s) => s.url.pathname === `/public/slider/bbs/${MAIN_PAGE_SLUGS.slider}/uk`)).toBe(true);
    expect(sent.some((s) => s.url.pathname === `/public/content-block/bbs/${MAIN_PAGE_SLUGS.description}/uk`)).toBe(
      true,
    );
  });

  it('renders nothing for a missing block, and does not count it as a failure', async () => {
    const { api } = client(() => noData());
    const home = await loadHomePage(api);
    expect(home.mainSlider).toEqual({ desktop: [], mobile: [] });
    expect(home.firstBanners.slides).toEqual([]);
    expect(home.firstProducts).toBeNull();
    expect(home.instagram).toBeNull();
    expect(home.description).toBeNull();
    expect(home.failed).toEqual(['blog', 'news']);
  });

  it('isolates a failing block: the others still render, the failure is logged and noted', async () => {
    const { api } = client(
      contentService({
        [`/public/slider/bbs/${MAIN_PAGE_SLUGS.slider}/ru`]: () => json({ code: 500, message: 'boom' }, 500),
        // Spec §5: a slide that does not fit the shape is 'Wrong slider config' for the slider.
        [`/public/slider/bbs/${MAIN_PAGE_SLUGS.brands}/ru`]: () => slider('b', 'Бренды', [{ alt: 'no picture' }]),
        [`/public/content-block/bbs/${MAIN_PAGE_SLUGS.description}/ru`]: () => block('json', { a: 1 }),
        // A strip's heading is all the page reads of it (its cards come from /home-strip).
        [`/public/content-block/bbs/${MAIN_PAGE_SLUGS.firstProductSlider}/ru`]: () => block('json', { title: 'x' }),
        [`/public/content-block/bbs/${MAIN_PAGE_SLUGS.secondProductSlider}/ru`]: () => block('json', { title: 'x' }),
        '/public/products': () => json({ code: 503, message: 'down' }, 503),
      }),
    );
    const home = await loadHomePage(api);
    expect(home.mainSlider.desktop).toEqual([]);
    expect(home.mainSlider.mobile.map((s) => s.title)).toEqual(['mA']);
    expect(home.brands.slides).toEqual([]);
    expect(home.description).toBeNull();
    expect(home.firstProducts).toBeNull();
    expect(home.secondProducts).toBeNull();
    expect(home.partner.slides).toHaveLength(1);
    expect(home.blog.posts).toHaveLength(2);
    expect(home.failed.toSorted()).toEqual(
      [
        MAIN_PAGE_SLUGS.slider,
        MAIN_PAGE_SLUGS.brands,
        MAIN_PAGE_SLUGS.description,
        MAIN_PAGE_SLUGS.firstProductSlider,
        MAIN_PAGE_SLUGS.secondProductSlider,
      ].toSorted(),
    );
    const logged = errors.mock.calls.map((call) => call.map(String).join(' '));
    expect(logged.some((line) => line.includes(MAIN_PAGE_SLUGS.brands) && line.includes('Wrong slider config'))).toBe(
      true,
    );
    // A json block is a valid format (spec §5): it is not reported with the error meant for other formats.
    expect(logged.some((line) => line.includes("Format can't be"))).toBe(false);
    expect(logged.some((line) => line.includes(`${MAIN_PAGE_SLUGS.description} is a json block`))).toBe(true);
  });

  it('shows the newest posts when the post block is missing or picks none', async () => {
    const { api, sent } = client(
      contentService({
        [`/public/content-block/bbs/${MAIN_PAGE_SLUGS.blogPosts}/ru`]: noData,
        [`/public/content-block/bbs/${MAIN_PAGE_SLUGS.newsPosts}/ru`]: () =>
          block('json', { title: 'Новости', link: '/news', slugs: ['Not A Slug'] }),
      }),
    );
    const home = await loadHomePage(api);
    expect(home.blog.posts.map((p) => p.slug)).toEqual(['latest1', 'latest2']);
    expect(home.news.posts.map((p) => p.slug)).toEqual(['latest1', 'latest2']);
    for (const path of ['/public/blog/bbs/ru', '/public/blog-news/bbs/ru']) {
      const asked = sent.find((s) => s.url.pathname === path)?.url.searchParams;
      expect(asked?.get('limit')).toBe(String(POST_STRIP_DEFAULT));
      expect([...(asked?.keys() ?? [])].some((k) => k.startsWith('slugs'))).toBe(false);
    }
    expect(home.failed).toEqual([]);
  });

  it('keeps only an absolute Instagram link', async () => {
    const { api } = client(
      contentService({
        [`/public/content-block/bbs/${MAIN_PAGE_SLUGS.instagramLink}/ru`]: () =>
          block('json', { title: 'Insta', link: 'javascript:alert(1)', handle: '@k' }),
      }),
    );
    expect((await loadHomePage(api)).instagram).toBeNull();
  });

  it('gives up on a slow block after the block timeout', async () => {
    const answer = contentService();
    const { api } = client((sent, request) =>
      sent.url.pathname.includes(MAIN_PAGE_SLUGS.partnerBrand) ? waitForAbort(request) : answer(sent),
    );
    const home = await loadHomePage(api, { timeoutMs: 50 });
    expect(home.partner.slides).toEqual([]);
    expect(home.failed).toEqual([MAIN_PAGE_SLUGS.partnerBrand]);
    expect(home.mainSlider.desktop).toHaveLength(2);
  });
});

describe('homePageTags', () => {
  it('tags the page with every block it shows in its locale (never the bare tag), plus blog, news and the catalogue', () => {
    const tags = homePageTags('uk');
    expect(tags).toEqual(expect.arrayContaining(['main-page', 'category-config', 'catalog', 'blog:uk', 'news:uk']));
    for (const slug of Object.values(MAIN_PAGE_SLUGS)) {
      const kind = (HOME_SLIDER_SLUGS as readonly string[]).includes(slug) ? 'slider' : 'content';
      expect(tags).not.toContain(`${kind}:${slug}`);
      expect(tags).toContain(`${kind}:${slug}:uk`);
    }
    expect(tags).not.toContain('blog');
    expect(tags).toContain('slider:chicco-time:uk');
    expect(tags).toContain('content:main_description:uk');
    expect(new Set(tags).size).toBe(tags.length);
  });
});
