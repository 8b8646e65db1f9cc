import { describe, expect, it } from 'vitest';
import { bannerSlideSchema, mainSlideSchema } from '../../src/api/schemas/content.ts';
import {
  bannerLayout,
  bannerViews,
  brandViews,
  isExternalLink,
  linkView,
  mainSliderVariants,
  mainSlideViews,
  partnerViews,
  safeColor,
  safeLink,
} from '../../src/domain/content/slides.ts';

const mainSlide = (props: Record<string, string>) =>
  mainSlideSchema.parse({
    title: 'Скидки',
    img: '/svc/content/public/images/a.svg',
    alt: 'Скидки',
    link: '/odezhda',
    ...props,
  });

describe('safeLink', () => {
  it('keeps site-root paths and absolute http(s) URLs', () => {
    expect(safeLink('/odezhda')).toBe('/odezhda');
    expect(safeLink('/ua/info/bonus-rules?x=1#y')).toBe('/ua/info/bonus-rules?x=1#y');
    expect(safeLink(' /shkola ')).toBe('/shkola');
    expect(safeLink('https://www.instagram.com/karapuz.shop.ua/')).toBe('https://www.instagram.com/karapuz.shop.ua/');
    expect(safeLink('HTTP://example.com')).toBe('HTTP://example.com');
  });

  it('refuses script and data URLs, protocol-relative and backslash tricks, relative paths and blanks', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
      '/\\evil.example',
      '/\tevil',
      'java\nscript:alert(1)',
      'odezhda',
      'mailto:a@b.c',
      'https://',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(safeLink(bad), String(bad)).toBeNull();
    }
  });

  it('tells other sites from site paths', () => {
    expect(isExternalLink('https://www.instagram.com/x')).toBe(true);
    expect(isExternalLink('/odezhda')).toBe(false);
  });

  it('builds link attributes with the new-tab flag, or none for an unsafe link', () => {
    expect(linkView('/odezhda', true)).toEqual({ href: '/odezhda', newTab: true });
    expect(linkView('/odezhda')).toEqual({ href: '/odezhda', newTab: false });
    expect(linkView('javascript:void(0)', true)).toBeNull();
    expect(linkView(null)).toBeNull();
  });
});

describe('safeColor', () => {
  it('accepts hex colours only, lowercased', () => {
    expect(safeColor('#FFE5EC')).toBe('#ffe5ec');
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('#abcd')).toBe('#abcd');
    expect(safeColor('#11223344')).toBe('#11223344');
    for (const bad of ['red', 'url(#x)', '#12', '#12345', 'rgb(1,2,3)', '#fff;background:url(x)', '', undefined]) {
      expect(safeColor(bad), String(bad)).toBeNull();
    }
  });
});

describe('main slides', () => {
  it('keeps order, the new-tab flag and the promotion fields for analytics', () => {
    const views = mainSlideViews([
      mainSlide({ title: 'Один' }),
      mainSlide({ title: 'Два', isBlank: '1', promotion_id: 'skidki-do-50', promotion_name: 'Скидки до −50%' }),
    ]);
    expect(views).toEqual([
      {
        title: 'Один',
        img: '/svc/content/public/images/a.svg',
        alt: 'Скидки',
        href: '/odezhda',
        newTab: false,
        promotionId: null,
        promotionName: null,
      },
      {
        title: 'Два',
        img: '/svc/content/public/images/a.svg',
        alt: 'Скидки',
        href: '/odezhda',
        newTab: true,
        promotionId: 'skidki-do-50',
        promotionName: 'Скидки до −50%',
      },
    ]);
  });

  it('drops a slide whose picture cannot be loaded safely, and a link that is not safe', () => {
    const views = mainSlideViews([
      mainSlide({ title: 'Плохая картинка', img: 'javascript:alert(1)' }),
      mainSlide({ title: 'Плохая ссылка', link: 'javascript:alert(1)', isBlank: 'true' }),
      mainSlide({ title: 'Пустая акция', promotion_id: '  ', promotion_name: '' }),
    ]);
    expect(views.map((v) => v.title)).toEqual(['Плохая ссылка', 'Пустая акция']);
    expect(views[0]).toMatchObject({ href: null, newTab: false });
    expect(views[1]).toMatchObject({ promotionId: null, promotionName: null });
  });

  const one = mainSlideViews([mainSlide({})]);

  it('shows the phone slider below 768 px and the desktop one above when both have slides', () => {
    expect(mainSliderVariants(one, one).map(({ variant, reach }) => [variant, reach])).toEqual([
      ['mobile', 'narrow'],
      ['desktop', 'wide'],
    ]);
  });

  it('shows the only slider that has slides at every width, and nothing without slides', () => {
    expect(mainSliderVariants(one, []).map(({ variant, reach }) => [variant, reach])).toEqual([['desktop', 'all']]);
    expect(mainSliderVariants([], one).map(({ variant, reach }) => [variant, reach])).toEqual([['mobile', 'all']]);
    expect(mainSliderVariants([], [])).toEqual([]);
  });
});

describe('banners, brands and partner tiles', () => {
  const banner = (props: Record<string, string>) =>
    bannerSlideSchema.parse({ title: 'Кормление', img: '/i/b.svg', alt: 'Кормление', link: '/kormlenie', ...props });

  it('lays a block out as a list only when every banner is type 2', () => {
    expect(bannerLayout([banner({ type: '2' }), banner({ type: '2' })])).toBe('list');
    expect(bannerLayout([banner({ type: '2' }), banner({ type: '1' })])).toBe('strip');
    expect(bannerLayout([banner({})])).toBe('strip');
    expect(bannerLayout([])).toBe('strip');
  });

  it('keeps a safe background colour and a non-blank description', () => {
    expect(bannerViews([banner({ background: '#FEF9C3', description: ' Бутылочки ' })])).toEqual([
      {
        title: 'Кормление',
        description: 'Бутылочки',
        img: '/i/b.svg',
        alt: 'Кормление',
        link: { href: '/kormlenie', newTab: false },
        background: '#fef9c3',
      },
    ]);
    const [view] = bannerViews([banner({ background: 'url(javascript:x)', description: ' ' })]);
    expect(view).toMatchObject({ background: null, description: null });
    expect(bannerViews([banner({ img: '//evil.example/x.svg' })])).toEqual([]);
  });

  it('maps brands and partner tiles, dropping unsafe pictures and links', () => {
    expect(
      brandViews([
        { img: '/i/lego.svg', alt: 'LEGO', link: '/igrushki/brand=lego' },
        { img: 'data:image/svg+xml,<svg/>', alt: 'X', link: '/x' },
        { img: '/i/y.svg', alt: 'Y', link: 'javascript:x' },
      ]),
    ).toEqual([
      { img: '/i/lego.svg', alt: 'LEGO', link: { href: '/igrushki/brand=lego', newTab: false } },
      { img: '/i/y.svg', alt: 'Y', link: null },
    ]);
    expect(
      partnerViews([
        {
          img: '/i/c.svg',
          title: 'Бутылочки',
          type: 'category',
          link: '/kormlenie/butylochki',
          alt: 'Chicco',
          discount: '-20%',
        },
        { img: '/i/d.svg', title: 'Соски', type: 'category', link: '/kormlenie', alt: 'Chicco', discount: ' ' },
      ]).map((v) => [v.title, v.discount]),
    ).toEqual([
      ['Бутылочки', '-20%'],
      ['Соски', null],
    ]);
  });
});
