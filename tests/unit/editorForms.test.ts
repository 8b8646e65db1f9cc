import { describe, expect, it } from 'vitest';
import {
  blockForm,
  formatPropLines,
  newSlideForm,
  pageForm,
  parseIdList,
  parsePropLines,
  postForm,
  promotionForm,
  slideForm,
  writtenLocales,
} from '../../src/domain/content/editorForms.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('slide props as lines', () => {
  it.each([
    [
      'img=/a.png\nlink=/x',
      [
        { key: 'img', value: '/a.png' },
        { key: 'link', value: '/x' },
      ],
    ],
    ['  link = /sale?a=1&b=2  ', [{ key: 'link', value: '/sale?a=1&b=2' }]],
    ['\n\nalt=\n', [{ key: 'alt', value: '' }]],
    ['isBlank', [{ key: 'isBlank', value: '' }]],
    ['', []],
  ])('reads %j', (lines, props) => {
    expect(parsePropLines(lines)).toEqual(props);
  });

  it('writes what it reads back', () => {
    const props = [
      { key: 'img', value: '/a.png' },
      { key: 'link', value: '/b?x=1' },
    ];
    expect(parsePropLines(formatPropLines(props))).toEqual(props);
  });
});

describe('the content block form', () => {
  it('accepts text and valid JSON', () => {
    expect(blockForm(form({ formatName: 'text', contentFormatted: '<p>Привет</p>\r\n' }))).toEqual({
      ok: true,
      value: { formatName: 'text', contentFormatted: '<p>Привет</p>\n' },
    });
    expect(blockForm(form({ formatName: 'json', contentFormatted: '{"a":1}' })).ok).toBe(true);
  });

  it('reports JSON that does not parse and an unknown format next to their fields', () => {
    expect(blockForm(form({ formatName: 'json', contentFormatted: '{a' }))).toEqual({
      ok: false,
      errors: { contentFormatted: 'is not valid JSON' },
    });
    const result = blockForm(form({ formatName: 'html', contentFormatted: 'x' }));
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(['formatName']);
  });
});

describe('the page form', () => {
  it('needs a title and keeps empty meta fields as none', () => {
    expect(pageForm(form({ title: 'Бонусы', content: '<p>x</p>', metaTitle: ' ', metaDescription: '' }))).toEqual({
      ok: true,
      value: { title: 'Бонусы', content: '<p>x</p>', metaTitle: null, metaDescription: null },
    });
    const result = pageForm(form({ title: '  ', content: '' }));
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(['title']);
  });
});

describe('the slide forms', () => {
  const fields = { ordering: '2', isActive: 'on', title: '', value: '', description: '', props: 'img=/a.png' };

  it('reads a slide: checkbox, number, empty texts as none', () => {
    expect(newSlideForm(form(fields))).toEqual({
      ok: true,
      value: {
        ordering: 2,
        isActive: true,
        title: null,
        value: null,
        description: null,
        props: [{ key: 'img', value: '/a.png' }],
      },
    });
    const { isActive: _dropped, ...inactive } = fields;
    const patch = slideForm(form(inactive));
    expect(patch.ok && patch.value.isActive).toBe(false);
  });

  it('reports a bad order and duplicate prop keys', () => {
    const result = slideForm(form({ ...fields, ordering: 'first', props: 'a=1\na=2' }));
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(['ordering', 'props']);
  });
});

describe('the post form', () => {
  const post = {
    publishedAt: '2026-11-20T10:00:00+02:00',
    image: '/img/post.png',
    'ru.title': 'Заголовок',
    'ru.preview': 'Анонс',
    'ru.content': '<p>Текст</p>',
    'ru.imageAlt': 'Картинка',
    'ru.metaTitle': '',
    'ru.metaDescription': '',
    'uk.title': '',
  };

  it('sends only the languages whose title is filled in', () => {
    const result = postForm(form(post));
    expect(result.ok && Object.keys(result.value.translations)).toEqual(['ru']);
    expect(result.ok && result.value.publishedAt).toBe('2026-11-20T10:00:00+02:00');
  });

  it('names a translated field by its form name', () => {
    const result = postForm(form({ ...post, 'ru.content': 'x'.repeat(300_001), publishedAt: 'вчера' }));
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(['publishedAt', 'ru.content']);
  });
});

describe('the promotion form', () => {
  it('reads product ids, dates, activity and translations', () => {
    const result = promotionForm(
      form({
        image: '/p.png',
        startsAt: '',
        endsAt: '2026-12-31T21:59:59Z',
        ordering: '0',
        filterSlug: '',
        productIds: '12, 15\n19',
        'uk.title': 'Знижки',
        'uk.description': 'Опис',
        'uk.content': '',
      }),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        image: '/p.png',
        startsAt: null,
        endsAt: '2026-12-31T21:59:59Z',
        isActive: false,
        ordering: 0,
        filterSlug: null,
        productIds: [12, 15, 19],
        translations: { uk: { title: 'Знижки', description: 'Опис', content: '' } },
      },
    });
  });

  it('rejects a product id that is not a number', () => {
    expect(parseIdList('1 x2')).toEqual([1, 'x2']);
    const result = promotionForm(form({ ordering: '0', productIds: '1 x2' }));
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(['productIds.1']);
  });
});

describe('the languages a post or promotion change touches', () => {
  it.each([
    [['ru'], { translations: { uk: {} } }, ['ru', 'uk']],
    [[], { translations: { ru: {} } }, ['ru']],
    [['uk'], { translations: {} }, ['uk']],
    [['ru', 'uk'], null, ['ru', 'uk']],
  ] as const)('stored %j, write %j → %j', (stored, write, touched) => {
    expect(writtenLocales(stored, write)).toEqual(touched);
  });
});
