/**
 * Locale from the URL, parsed by hand (see docs/decisions.md): only the FIRST path segment decides.
 * Russian is the default at the root; Ukrainian lives under `/ua`. The language code is `uk`, the
 * path prefix is `ua` — the two must not be confused.
 */
import { LOCALES as LOCALE_LIST, type Locale } from '../api/schemas/common.ts';

export type { Locale } from '../api/schemas/common.ts';
export const DEFAULT_LOCALE: Locale = 'ru';

/** Path prefix per locale ('' for the default). */
export const LOCALE_PREFIX: Record<Locale, string> = { ru: '', uk: '/ua' };

/** hreflang / html lang attribute per locale. */
export const HTML_LANG: Record<Locale, string> = { ru: 'ru', uk: 'uk' };

const hasPrefix = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The locale a pathname belongs to. */
export function localeFromPath(pathname: string): Locale {
  return hasPrefix(pathname, '/ua') ? 'uk' : 'ru';
}

/** The pathname without its locale prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  if (!hasPrefix(pathname, '/ua')) return pathname || '/';
  const rest = pathname.slice('/ua'.length);
  return rest === '' ? '/' : rest;
}

/** Adds the prefix of `locale` to an unprefixed path. */
export function withLocale(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

/**
 * `/ru` and `/ru/...` are old Russian URLs: they answer 301 to the same path without the prefix,
 * query kept (the spec allows an optional `ru` prefix; we keep one canonical URL per page).
 * Returns the target or null when the path has no `ru` prefix.
 */
export function ruPrefixRedirect(pathname: string, search: string): string | null {
  if (!hasPrefix(pathname, '/ru')) return null;
  const rest = pathname.slice('/ru'.length) || '/';
  return `${rest}${search}`;
}

/** The shop's other language (the language switch leads there). */
export function otherLocale(locale: Locale): Locale {
  return locale === 'ru' ? 'uk' : 'ru';
}

/**
 * hreflang alternates of a canonical path: each language's URL, and `x-default` for the default
 * (Russian) one.
 */
export function hreflangAlternates(canonicalPath: string): { hreflang: string; path: string }[] {
  const tags = LOCALE_LIST.map((locale) => ({
    hreflang: HTML_LANG[locale],
    path: switchLocale(canonicalPath, '', locale),
  }));
  return [...tags, { hreflang: 'x-default', path: switchLocale(canonicalPath, '', DEFAULT_LOCALE) }];
}

/** The same page in another language: path and query are kept, only the prefix changes. */
export function switchLocale(pathname: string, search: string, target: Locale): string {
  return `${withLocale(stripLocale(pathname), target)}${search}`;
}
