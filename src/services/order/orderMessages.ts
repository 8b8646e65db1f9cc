import type { Locale } from '../../api/schemas/common.ts';
import { formatHryvnias } from './basketMessages.ts';

/**
 * What the order service says about a field of an order it refuses, in the request's language.
 * The spec's own texts live in the contract's schemas (src/api/schemas/order.ts) and are answered
 * as written. Where the checkout (src/domain/checkout/checkoutMessages.ts) words the same refusal,
 * the text here is the same, so a message does not change between the form and the server's answer;
 * the services may not import the storefront's code, hence the copy.
 */

interface Messages {
  emptyBasket: string;
  subscriptionsNeedAccount: string;
  subscriptionInterval: (intervals: readonly number[]) => string;
  /** Accounts spec §5 "Дата повинна бути сьогодні або пізніше" (its Russian equivalent on ru). */
  subscriptionStartPast: string;
  subscriptionStartTooLate: (days: number) => string;
  subscriptionInactive: string;
  subscriptionNotAllowed: (title: string) => string;
  bonusesNeedAccount: string;
  bonusesNeedMember: string;
  bonusesShort: (available: string) => string;
  bonusesOverMax: (max: string) => string;
  bonusesNotAllowed: string;
  deliveryUnavailable: string;
  cityUnknown: string;
  cityRefMismatch: string;
  carrierMismatch: string;
  branchUnknown: string;
  shopUnavailable: string;
  tooHeavy: (limitKg: string) => string;
  tryClothesCourierOnly: string;
  paymentUnavailable: string;
  babyBundleOnly: string;
  nothingToPayOnline: string;
  paymentParts: (min: number, max: number) => string;
  partsOnlyForInstalments: string;
  notAvailable: (title: string) => string;
  notEnough: (title: string, available: number) => string;
  giftNotAvailable: string;
  basketChanged: string;
  /** docs/decisions.md "Orders: bounded holds": units of one variant an order may take. */
  lineMax: (max: number) => string;
  /** The same: open unpaid orders of one phone. */
  tooManyOpenOrders: (limit: number) => string;
  /** A certificate another order spent from since the basket showed it: what is left on it. */
  certificateSpent: (left: string) => string;
}

const MESSAGES: Record<Locale, Messages> = {
  ru: {
    emptyBasket: 'В корзине нет товаров, которые можно заказать',
    subscriptionsNeedAccount: 'Подписка на товары доступна только после входа в личный кабинет',
    subscriptionInterval: (intervals) => `Доставка по подписке возможна каждые ${listOf(intervals, 'или')} дней`,
    subscriptionStartPast: 'Дата должна быть сегодня или позже',
    subscriptionStartTooLate: (days) => `Первая доставка — не позже чем через ${days} дней`,
    subscriptionInactive: 'Новая подписка должна быть активной',
    subscriptionNotAllowed: (title) => `Товар «${title}» нельзя оформить по подписке`,
    bonusesNeedAccount: 'Бонусами могут платить участники бонусной программы после входа в личный кабинет',
    bonusesNeedMember: 'Бонусами могут платить только участники бонусной программы',
    bonusesShort: (available) => `Недостаточно бонусов: доступно ${available} грн`,
    bonusesOverMax: (max) => `Бонусами можно оплатить не больше ${max} грн`,
    bonusesNotAllowed: 'Эти товары нельзя оплатить бонусами',
    deliveryUnavailable: 'Этот способ доставки недоступен в выбранном городе',
    cityUnknown: 'Населённый пункт не найден',
    cityRefMismatch: 'Населённый пункт не совпадает с выбранным',
    carrierMismatch: 'Перевозчик не соответствует способу доставки',
    branchUnknown: 'Отделение не найдено в выбранном городе',
    shopUnavailable: 'В этом магазине нельзя забрать заказ',
    tooHeavy: (limit) => `Заказ тяжелее, чем здесь принимают (до ${limit} кг)`,
    tryClothesCourierOnly: 'Примерка доступна только при доставке курьером магазина',
    paymentUnavailable: 'Этот способ оплаты недоступен для выбранной доставки',
    babyBundleOnly: 'Картой «Пакунок малюка» можно оплатить только товары из каталога «Пакунок малюка»',
    nothingToPayOnline: 'Заказ полностью оплачен сертификатами или бонусами',
    paymentParts: (min, max) => `Количество платежей: от ${min} до ${max}`,
    partsOnlyForInstalments: 'Количество платежей указывается только для оплаты частями',
    notAvailable: (title) => `Товар «${title}» недоступен для заказа`,
    notEnough: (title, available) => `Недостаточно товара «${title}»: доступно ${available} шт.`,
    giftNotAvailable: 'Этот подарок больше недоступен',
    basketChanged: 'Корзина изменилась: проверьте товары и коды',
    lineMax: (max) => `Не больше ${max} шт. одного товара в заказе`,
    tooManyOpenOrders: (limit) =>
      `У вас уже ${count(limit, 'ru', ['неоплаченный заказ', 'неоплаченных заказа', 'неоплаченных заказов'])}. ` +
      `Оплатите или дождитесь ${limit === 1 ? 'его' : 'их'}, чтобы оформить новый`,
    certificateSpent: (left) => `Сертификатом уже оплачен другой заказ: на нём осталось ${left} грн. Проверьте заказ`,
  },
  uk: {
    emptyBasket: 'У кошику немає товарів, які можна замовити',
    subscriptionsNeedAccount: 'Підписка на товари доступна лише після входу в особистий кабінет',
    subscriptionInterval: (intervals) => `Доставка за підпискою можлива кожні ${listOf(intervals, 'або')} днів`,
    subscriptionStartPast: 'Дата повинна бути сьогодні або пізніше',
    subscriptionStartTooLate: (days) => `Перша доставка — не пізніше ніж через ${days} днів`,
    subscriptionInactive: 'Нова підписка має бути активною',
    subscriptionNotAllowed: (title) => `Товар «${title}» не можна оформити за підпискою`,
    bonusesNeedAccount: 'Бонусами можуть платити учасники бонусної програми після входу в особистий кабінет',
    bonusesNeedMember: 'Бонусами можуть платити лише учасники бонусної програми',
    bonusesShort: (available) => `Недостатньо бонусів: доступно ${available} грн`,
    bonusesOverMax: (max) => `Бонусами можна сплатити не більше ${max} грн`,
    bonusesNotAllowed: 'Ці товари не можна сплатити бонусами',
    deliveryUnavailable: 'Цей спосіб доставки недоступний в обраному місті',
    cityUnknown: 'Населений пункт не знайдено',
    cityRefMismatch: 'Населений пункт не збігається з обраним',
    carrierMismatch: 'Перевізник не відповідає способу доставки',
    branchUnknown: 'Відділення не знайдено в обраному місті',
    shopUnavailable: 'У цьому магазині не можна забрати замовлення',
    tooHeavy: (limit) => `Замовлення важче, ніж тут приймають (до ${limit} кг)`,
    tryClothesCourierOnly: 'Примірка доступна лише при доставці кур’єром магазину',
    paymentUnavailable: 'Цей спосіб оплати недоступний для обраної доставки',
    babyBundleOnly: 'Карткою «Пакунок малюка» можна сплатити лише товари з каталогу «Пакунок малюка»',
    nothingToPayOnline: 'Замовлення повністю сплачено сертифікатами або бонусами',
    paymentParts: (min, max) => `Кількість платежів: від ${min} до ${max}`,
    partsOnlyForInstalments: 'Кількість платежів вказується лише для оплати частинами',
    notAvailable: (title) => `Товар «${title}» недоступний для замовлення`,
    notEnough: (title, available) => `Недостатньо товару «${title}»: доступно ${available} шт.`,
    giftNotAvailable: 'Цей подарунок більше недоступний',
    basketChanged: 'Кошик змінився: перевірте товари та коди',
    lineMax: (max) => `Не більше ${max} шт. одного товару в замовленні`,
    tooManyOpenOrders: (limit) =>
      `У вас вже ${count(limit, 'uk', ['неоплачене замовлення', 'неоплачені замовлення', 'неоплачених замовлень'])}. ` +
      `Оплатіть або дочекайтеся ${limit === 1 ? 'його' : 'їх'}, щоб оформити нове`,
    certificateSpent: (left) =>
      `Сертифікатом уже сплачено інше замовлення: на ньому залишилось ${left} грн. Перевірте замовлення`,
  },
};

/** `3 неоплаченных заказа`: the number with the words its plural category takes (one, few, many). */
function count(n: number, locale: Locale, [one, few, many]: readonly [string, string, string]): string {
  const category = new Intl.PluralRules(locale).select(n);
  return `${n} ${category === 'one' ? one : category === 'few' ? few : many}`;
}

/** `14, 30, 60 или 90`. */
function listOf(values: readonly number[], or: string): string {
  const head = values.slice(0, -1).join(', ');
  const last = values.at(-1);
  return head === '' ? String(last ?? '') : `${head} ${or} ${String(last)}`;
}

export function orderMessages(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** Kilograms as a message shows them: whole or with one decimal, a comma as the separator. */
export function formatKilograms(kg: number): string {
  return Number.isInteger(kg) ? formatHryvnias(kg) : kg.toFixed(1).replace('.', ',');
}
