import type { Locale } from '../../i18n/locale.ts';

/**
 * The bonus operations' names in the page's language (issue 29, "one language per page"). The
 * user service names its ledger lines and promo rates in Russian, as the shop's back office does
 * (its contract: accounts §3 gives the description as the service's text); the storefront knows
 * the operations the programme has and says them in Ukrainian on the Ukrainian pages. A name it
 * does not know stays as the service wrote it: the shopper still sees what happened.
 */
const UKRAINIAN: ReadonlyMap<string, string> = new Map([
  ['Бонус за вступление в программу', 'Бонус за вступ до програми'],
  ['Начисление за заказ', 'Нарахування за замовлення'],
  [
    'Начисление за заказ (ожидает окончания срока возврата)',
    'Нарахування за замовлення (очікує завершення терміну повернення)',
  ],
  ['Оплата бонусами заказа', 'Оплата замовлення бонусами'],
  ['Возврат бонусов за заказ', 'Повернення бонусів за замовлення'],
  ['Сгорание бонусов', 'Згоряння бонусів'],
  ['Подарок ко дню рождения ребёнка', 'Подарунок до дня народження дитини'],
  ['Товары собственного импорта', 'Товари власного імпорту'],
]);

/** A bonus operation's (or promo rate's) name as the page's language says it. */
export function bonusOperationName(serviceName: string, locale: Locale): string {
  return locale === 'uk' ? (UKRAINIAN.get(serviceName.trim()) ?? serviceName) : serviceName;
}
