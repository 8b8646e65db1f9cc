import type { Locale } from '../../api/schemas/common.ts';

/**
 * Every message the checkout shows next to a field. The spec's own messages (accounts §5,
 * storefront §5) are kept exactly as written, in the one language the spec gives them, on both
 * sites; the order service answers with the same texts, so a message never changes its wording
 * between the island and the server. Messages the spec does not give are ours, in both languages.
 * The phone message lives with the shop's one phone rule (src/domain/validation/phone.ts).
 */

/** Accounts spec §5 "required", as written (Ukrainian, without the apostrophe). */
export const REQUIRED_MESSAGE = 'Поле обовязкове до заповнення';
/** Storefront spec §5: pay in parts below the minimum amount. */
export const INSTALMENT_MIN_MESSAGE = 'Мінімальна сума для оплати частинами';
/** Storefront spec §5: pay in parts above the maximum amount. */
export const INSTALMENT_MAX_MESSAGE = 'Максимальна сума для оплати частинами';
/** Storefront spec §5: a gift certificate's nominal below the minimum. */
export const CERTIFICATE_MIN_MESSAGE = 'Минимальный номинал сертификата 50 грн';
/** Storefront spec §5: a gift certificate's nominal above the maximum. */
export const CERTIFICATE_MAX_MESSAGE = 'Максимальный номинал сертификата 100 000 грн';

/** Our messages, by what they say; `{n}` is filled in by ownMessage. */
const OWN_MESSAGES = {
  alphaHyphen: {
    ru: 'Допустимы только буквы, дефис и апостроф',
    uk: 'Допустимі лише літери, дефіс та апостроф',
  },
  tooLong: { ru: 'Не более {n} символов', uk: 'Не більше {n} символів' },
  cityName: {
    ru: 'Название населённого пункта может содержать только буквы, цифры, дефис, запятую и пробел',
    uk: 'Назва населеного пункту може містити лише літери, цифри, дефіс, кому та пробіл',
  },
  deliveryUnavailable: {
    ru: 'Этот способ доставки недоступен в выбранном городе',
    uk: 'Цей спосіб доставки недоступний в обраному місті',
  },
  shopUnavailable: {
    ru: 'В этом магазине нельзя забрать заказ',
    uk: 'У цьому магазині не можна забрати замовлення',
  },
  paymentUnavailable: {
    ru: 'Этот способ оплаты недоступен для выбранной доставки',
    uk: 'Цей спосіб оплати недоступний для обраної доставки',
  },
  babyBundleOnly: {
    ru: 'Картой «Пакунок малюка» можно оплатить только товары из каталога «Пакунок малюка»',
    uk: 'Карткою «Пакунок малюка» можна сплатити лише товари з каталогу «Пакунок малюка»',
  },
  nothingToPayOnline: {
    ru: 'Заказ полностью оплачен сертификатами или бонусами',
    uk: 'Замовлення повністю сплачено сертифікатами або бонусами',
  },
  paymentParts: {
    ru: 'Количество платежей: от {min} до {max}',
    uk: 'Кількість платежів: від {min} до {max}',
  },
  bonusWhole: {
    ru: 'Бонусы списываются целым числом',
    uk: 'Бонуси списуються цілим числом',
  },
  bonusesOverMax: {
    ru: 'Бонусами можно оплатить не больше {n} грн',
    uk: 'Бонусами можна сплатити не більше {n} грн',
  },
  bonusesNotAllowed: {
    ru: 'Эти товары нельзя оплатить бонусами',
    uk: 'Ці товари не можна сплатити бонусами',
  },
  bonusesShort: {
    ru: 'Недостаточно бонусов: доступно {n} грн',
    uk: 'Недостатньо бонусів: доступно {n} грн',
  },
  bonusesNeedMember: {
    ru: 'Бонусами могут платить только участники бонусной программы',
    uk: 'Бонусами можуть платити лише учасники бонусної програми',
  },
  subscriptionsNeedAccount: {
    ru: 'Подписка на товары доступна только после входа в личный кабинет',
    uk: 'Підписка на товари доступна лише після входу в особистий кабінет',
  },
  bonusesNeedAccount: {
    ru: 'Бонусами могут платить участники бонусной программы после входа в личный кабинет',
    uk: 'Бонусами можуть платити учасники бонусної програми після входу в особистий кабінет',
  },
  emptyBasket: {
    ru: 'В корзине нет товаров, которые можно заказать',
    uk: 'У кошику немає товарів, які можна замовити',
  },
  certificateWhole: {
    ru: 'Номинал сертификата — целое число гривен',
    uk: 'Номінал сертифіката — ціле число гривень',
  },
} as const satisfies Record<string, Readonly<Record<Locale, string>>>;

/** The name of one of our messages. */
export type OwnMessage = keyof typeof OWN_MESSAGES;

/** One of our messages in the page's language, with its `{name}` placeholders filled in. */
export function ownMessage(
  name: OwnMessage,
  locale: Locale,
  params: Readonly<Record<string, number | string>> = {},
): string {
  return OWN_MESSAGES[name][locale].replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}
