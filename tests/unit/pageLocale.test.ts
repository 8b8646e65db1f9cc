// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocale } from '../../src/stores/net.ts';

/** The browser's one source of the page's language (src/stores/net.ts): `<html lang>`. */

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

describe('pageLocale', () => {
  it.each([
    ['uk', 'uk'],
    ['ru', 'ru'],
    ['', 'ru'],
    ['en', 'ru'],
  ] as const)('<html lang="%s"> is %s', (lang, locale) => {
    document.documentElement.lang = lang;
    expect(pageLocale()).toBe(locale);
  });

  it('is Russian off a page (the server renders islands without a document)', () => {
    document.documentElement.lang = 'uk';
    vi.stubGlobal('document', undefined);
    expect(pageLocale()).toBe('ru');
  });
});
