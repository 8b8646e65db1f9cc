import type { Locale } from '../../api/schemas/common.ts';

/**
 * What the basket check says about an entered promo code or certificate (the contract's
 * `certificateList[].errorMessage` and `title`), in the request's language. The spec shows none of
 * these texts; they are worded as Ukrainian shops word them.
 */

/** Spec §9: amounts use a space as thousands separator (whole hryvnias in messages). */
export function formatHryvnias(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

interface Messages {
  promoEmpty: string;
  promoNotFound: string;
  promoExpired: string;
  promoNotStarted: string;
  promoMinOrder: (amount: string) => string;
  promoOnlyOne: string;
  promoNoGoods: string;
  certificateEmpty: string;
  certificateNotFound: string;
  certificateUsed: string;
  certificateExpired: string;
  certificateTitle: (nominal: string) => string;
}

const MESSAGES: Record<Locale, Messages> = {
  ru: {
    promoEmpty: 'Введите промокод',
    promoNotFound: 'Промокод не найден',
    promoExpired: 'Срок действия промокода истёк',
    promoNotStarted: 'Промокод ещё не действует',
    promoMinOrder: (amount) => `Минимальная сумма заказа для промокода — ${amount} грн`,
    promoOnlyOne: 'Можно применить только один промокод',
    promoNoGoods: 'Промокод не действует на товары в корзине',
    certificateEmpty: 'Введите номер сертификата',
    certificateNotFound: 'Сертификат не найден',
    certificateUsed: 'Сертификат уже использован',
    certificateExpired: 'Срок действия сертификата истёк',
    certificateTitle: (nominal) => `Подарочный сертификат на ${nominal} грн`,
  },
  uk: {
    promoEmpty: 'Введіть промокод',
    promoNotFound: 'Промокод не знайдено',
    promoExpired: 'Термін дії промокоду закінчився',
    promoNotStarted: 'Промокод ще не діє',
    promoMinOrder: (amount) => `Мінімальна сума замовлення для промокоду — ${amount} грн`,
    promoOnlyOne: 'Можна застосувати лише один промокод',
    promoNoGoods: 'Промокод не діє на товари в кошику',
    certificateEmpty: 'Введіть номер сертифіката',
    certificateNotFound: 'Сертифікат не знайдено',
    certificateUsed: 'Сертифікат уже використано',
    certificateExpired: 'Термін дії сертифіката закінчився',
    certificateTitle: (nominal) => `Подарунковий сертифікат на ${nominal} грн`,
  },
};

export function basketMessages(locale: Locale): Messages {
  return MESSAGES[locale];
}
