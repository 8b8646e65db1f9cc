import type { Locale } from '../api/schemas/common.ts';
import { formatAmount } from './amount.ts';

/**
 * Translators for islands. An island runs in the browser after the page, so it cannot use the
 * server's i18next: it imports only its own section of each language file (a named JSON import, so
 * the bundle holds that section, not the whole file) and this small lookup. Like the server's `t`
 * (src/i18n/i18n.ts), every number interpolated goes through formatAmount (spec §9: a space between
 * thousands), and a `count` picks a plural form (`_one/_few/_many/_other`) by the language's rules.
 */

/** A key of a section; a plural family by its base name (`goods` for `goods_one` … `goods_other`). */
export type SectionKey<Entries> =
  Extract<keyof Entries, string> extends infer K extends string
    ? K extends `${infer Base}_${Intl.LDMLPluralRule}`
      ? Base
      : K
    : never;

/** Values to interpolate: numbers are formatted as amounts, strings go in as they are. */
export type TextValues = Readonly<Record<string, string | number>>;

export type SectionText<Entries> = (key: SectionKey<Entries>, values?: TextValues) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function interpolate(template: string, values: TextValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (typeof value === 'number') return formatAmount(value);
    return value ?? whole;
  });
}

/**
 * The translator of one section in one language. `dictionaries` is typed by the Russian section,
 * so a key the Ukrainian file lacks fails the type check where the section is wired up.
 */
export function sectionText<Entries extends object>(
  dictionaries: Readonly<Record<Locale, Readonly<Record<keyof Entries, string>>>>,
  locale: Locale,
): SectionText<Entries> {
  const entries = new Map<string, string>(Object.entries(dictionaries[locale]));
  const plural = new Intl.PluralRules(locale);
  return (key: string, values: TextValues = {}) => {
    const count = values['count'];
    const template =
      (typeof count === 'number'
        ? (entries.get(`${key}_${plural.select(count)}`) ?? entries.get(`${key}_other`))
        : undefined) ?? entries.get(key);
    // A missing key shows itself rather than an empty space (the key-parity tests keep this from shipping).
    return template === undefined ? key : interpolate(template, values);
  };
}
