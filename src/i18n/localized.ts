import type { Locale } from './locale.ts';

/**
 * The one place that picks a language from the services' side-by-side fields (`title` is Russian,
 * `titleUkr` Ukrainian, likewise `description`/`descriptionUkr` …): loaders call it while they
 * build a page's model, so views never choose a language. A Ukrainian value that is missing or
 * blank falls back to the Russian one (better Russian text than an empty heading).
 */
export function localized(locale: Locale, ru: string, uk: string | null | undefined): string {
  return localizedOrNull(locale, ru, uk) ?? ru;
}

/** `localized` for optional texts: null when the chosen language (and Russian) has none. */
export function localizedOrNull(
  locale: Locale,
  ru: string | null | undefined,
  uk: string | null | undefined,
): string | null {
  const has = (text: string | null | undefined): text is string =>
    text !== null && text !== undefined && text.trim() !== '';
  if (locale === 'uk' && has(uk)) return uk;
  return has(ru) ? ru : null;
}

/** The title of anything that carries `title` and `titleUkr`, in `locale`. */
export function titleIn(locale: Locale, item: { title: string; titleUkr?: string | null | undefined }): string {
  return localized(locale, item.title, item.titleUkr);
}
