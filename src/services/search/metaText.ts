import type { Locale } from '../../api/schemas/common.ts';
/**
 * Wording of generated page meta (titles, descriptions) in Russian and Ukrainian. The shop name
 * follows docs/decisions.md ("Shop name and contact phone").
 */

export const SHOP_NAME = '«Карапуз»';

const PLURAL_RULES: Record<Locale, Intl.PluralRules> = {
  ru: new Intl.PluralRules('ru'),
  uk: new Intl.PluralRules('uk'),
};

const GOODS: Record<Locale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  ru: { one: 'товар', few: 'товара', many: 'товаров', other: 'товара' },
  uk: { one: 'товар', few: 'товари', many: 'товарів', other: 'товару' },
};

/** `21 товар`, `3 товара`, `5 товаров` (uk: `товар`, `товари`, `товарів`). */
export function goodsCount(count: number, locale: Locale): string {
  const form = PLURAL_RULES[locale].select(count);
  return `${formatAmount(count)} ${GOODS[locale][form] ?? GOODS[locale].other}`;
}

/** Spec §9: amounts use a space as thousands separator; prices here are whole hryvnias. */
export function formatAmount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function pick(locale: Locale, ru: string, uk: string): string {
  return locale === 'uk' ? uk : ru;
}

/** ` — страница 2` from the second page on; nothing on the first. */
export function pageSuffix(page: number, locale: Locale): string {
  return page > 1 ? ` — ${pick(locale, 'страница', 'сторінка')} ${page}` : '';
}

/** ` Страница 2.` appended to a description from the second page on. */
export function pageSentence(page: number, locale: Locale): string {
  return page > 1 ? ` ${pick(locale, 'Страница', 'Сторінка')} ${page}.` : '';
}

/** `<h1> — купить в интернет-магазине «Карапуз»`. */
export function buyTitle(h1: string, locale: Locale): string {
  return `${h1} — ${pick(locale, 'купить в интернет-магазине', 'купити в інтернет-магазині')} ${SHOP_NAME}`;
}

/** Listing description: how many goods, from which price, and delivery. */
export function listingDescription(h1: string, count: number, minPrice: number | null, locale: Locale): string {
  const delivery = pick(
    locale,
    'Доставка по Украине и самовывоз из магазинов.',
    'Доставка по Україні та самовивіз із магазинів.',
  );
  if (count === 0 || minPrice === null)
    return `${h1} ${pick(locale, 'в интернет-магазине', 'в інтернет-магазині')} ${SHOP_NAME}. ${delivery}`;
  const offer = pick(locale, 'по цене от', 'за ціною від');
  return `${h1}: ${goodsCount(count, locale)} ${offer} ${formatAmount(minPrice)} грн в ${pick(locale, 'интернет-магазине', 'інтернет-магазині')} ${SHOP_NAME}. ${delivery}`;
}

/** Lower-cases the first letter (`Для девочек` → `для девочек`), leaving the rest alone (`XS`, `LEGO`). */
export function lowerFirst(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toLocaleLowerCase('ru') + text.slice(1);
}
