import type { Locale } from '../../api/schemas/common.ts';
import { formatAmount } from '../../domain/format/amount.ts';
import { basket as ru } from '../../i18n/ru.json';
import { basket as uk } from '../../i18n/uk.json';

/**
 * The basket islands' strings. The drawer loads in the browser after the page, so it cannot use the
 * server's i18next: it takes only the `basket` section of each language file (a named JSON import,
 * so the bundle holds that section, not the whole file) and this small lookup. Like the server's
 * `t` (src/i18n/i18n.ts), every number interpolated goes through formatAmount (spec §9: a space
 * between thousands), and a `count` picks a plural form (`_one/_few/_many/_other`) by the
 * language's own rules.
 */

type Entries = typeof ru;

/** A key of the section; a plural family by its base name (`goods` for `goods_one` … `goods_other`). */
export type BasketTextKey = keyof Entries extends infer K
  ? K extends `${infer Base}_${Intl.LDMLPluralRule}`
    ? Base
    : K
  : never;

/** Values to interpolate: numbers are formatted as amounts, strings go in as they are. */
export type BasketTextValues = Readonly<Record<string, string | number>>;

export type BasketText = (key: BasketTextKey, values?: BasketTextValues) => string;

// Both files must give every key: a key missing in Ukrainian fails the type check here.
const DICTIONARIES: Readonly<Record<Locale, Readonly<Record<keyof Entries, string>>>> = { ru, uk };

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function interpolate(template: string, values: BasketTextValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (typeof value === 'number') return formatAmount(value);
    return value ?? whole;
  });
}

/** The basket's translator for a language: `t('goods', { count: 3 })` → "3 товара". */
export function basketText(locale: Locale): BasketText {
  const entries = new Map<string, string>(Object.entries(DICTIONARIES[locale]));
  const plural = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    const count = values['count'];
    const template =
      (typeof count === 'number'
        ? (entries.get(`${key}_${plural.select(count)}`) ?? entries.get(`${key}_other`))
        : undefined) ?? entries.get(key);
    // A missing key shows itself rather than an empty space (the key-parity test keeps this from shipping).
    return template === undefined ? key : interpolate(template, values);
  };
}
