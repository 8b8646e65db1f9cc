import { describe, expect, it } from 'vitest';
import { localeFromPath, ruPrefixRedirect, stripLocale, switchLocale, withLocale } from '../../src/i18n/locale.ts';
import { routeName, routeUrl } from '../../src/i18n/routes.ts';

describe('locale from the first path segment only', () => {
  it.each([
    ['/', 'ru'],
    ['/ua', 'uk'],
    ['/ua/', 'uk'],
    ['/ua/odezhda', 'uk'],
    ['/uakids', 'ru'],
    ['/odezhda/ua', 'ru'],
    ['/odezhda/lang=ua', 'ru'],
    ['/odezhda/uk/ru', 'ru'],
    ['/ua/odezhda/lang=ru', 'uk'],
  ] as const)('%s is %s', (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });

  it.each([
    ['/ua', '/'],
    ['/ua/', '/'],
    ['/ua/obuv/ua', '/obuv/ua'],
    ['/obuv', '/obuv'],
    ['/uakids', '/uakids'],
  ])('strips the prefix of %s to %s', (path, stripped) => {
    expect(stripLocale(path)).toBe(stripped);
  });

  it.each([
    ['/', 'uk', '/ua/'],
    ['/obuv', 'uk', '/ua/obuv'],
    ['/obuv', 'ru', '/obuv'],
  ] as const)('prefixes %s for %s as %s', (path, locale, expected) => {
    expect(withLocale(path, locale)).toBe(expected);
  });
});

describe('the /ru prefix redirects to the unprefixed path, query kept', () => {
  it.each([
    ['/ru', '', '/'],
    ['/ru/', '', '/'],
    ['/ru/odezhda', '?q=1', '/odezhda?q=1'],
    ['/ru/odezhda/size=ru', '', '/odezhda/size=ru'],
  ])('%s%s → %s', (path, search, target) => {
    expect(ruPrefixRedirect(path, search)).toBe(target);
  });

  it.each(['/', '/rubashki', '/odezhda/ru', '/ua/ru'])('%s is not redirected', (path) => {
    expect(ruPrefixRedirect(path, '')).toBeNull();
  });
});

describe('language switch keeps the path and the query', () => {
  it.each([
    ['/', '', 'uk', '/ua/'],
    ['/ua/', '', 'ru', '/'],
    ['/odezhda/page-2', '?q=шапка', 'uk', '/ua/odezhda/page-2?q=шапка'],
    ['/ua/odezhda/color=ua', '?x=1', 'ru', '/odezhda/color=ua?x=1'],
  ] as const)('%s%s to %s → %s', (path, search, target, expected) => {
    expect(switchLocale(path, search, target)).toBe(expected);
  });
});

describe('named routes carry the locale suffix', () => {
  it.each([
    [routeName('main-page', 'ru'), {}, '/'],
    [routeName('main-page', 'uk'), {}, '/ua/'],
    [routeName('outlet-page', 'uk'), {}, '/ua/outlet'],
    [routeName('custom-catalog-page', 'ru'), { slug: 'leto' }, '/catalogs/leto'],
    [routeName('category-page', 'uk'), { folderCategory: 'odezhda', category: 'futbolki' }, '/ua/odezhda/futbolki'],
  ] as const)('%s → %s', (name, params, url) => {
    expect(routeUrl(name, params)).toBe(url);
  });

  it('refuses to build a URL with a missing parameter', () => {
    expect(() => routeUrl('custom-catalog-page__ru')).toThrow(/slug/);
  });
});
