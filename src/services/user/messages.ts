import type { Locale } from '../../api/schemas/common.ts';
import { OTP } from '../../api/schemas/user.ts';
import type { CodePurpose } from './otp.ts';

/**
 * The texts the service sends, in the shopper's language (Russian at the site root, Ukrainian under
 * /ua). An SMS stays within one Cyrillic segment's worth of words; the code comes first so a phone's
 * notification shows it.
 */

/** The demo shop's name (docs/decisions.md "Shop name and contact phone"). */
const SHOP_NAME = 'Карапуз';
const MINUTES = OTP.ttlSeconds / 60;

export function codeSms(code: string, purpose: CodePurpose, language: Locale): string {
  if (language === 'uk') {
    const what = purpose === 'register' ? 'підтвердження реєстрації' : 'відновлення пароля';
    return `${code} — код ${what} у ${SHOP_NAME}. Дійсний ${MINUTES} хв. Нікому його не повідомляйте.`;
  }
  const what = purpose === 'register' ? 'подтверждения регистрации' : 'восстановления пароля';
  return `${code} — код ${what} в ${SHOP_NAME}. Действует ${MINUTES} мин. Никому его не сообщайте.`;
}

/** Hours an e-mail confirmation link stays valid. */
export const EMAIL_LINK_HOURS = 24;

/** The confirmation e-mail: its subject and its plain text. */
export function confirmationEmail(name: string, link: string, language: Locale): { subject: string; text: string } {
  if (language === 'uk') {
    return {
      subject: `Підтвердіть e-mail у ${SHOP_NAME}`,
      text: [
        `Вітаємо${name ? `, ${name}` : ''}!`,
        `Щоб підтвердити адресу електронної пошти, перейдіть за посиланням: ${link}`,
        `Посилання дійсне ${EMAIL_LINK_HOURS} години. Якщо ви не вказували цю адресу, просто проігноруйте лист.`,
      ].join('\n'),
    };
  }
  return {
    subject: `Подтвердите e-mail в ${SHOP_NAME}`,
    text: [
      `Здравствуйте${name ? `, ${name}` : ''}!`,
      `Чтобы подтвердить адрес электронной почты, перейдите по ссылке: ${link}`,
      `Ссылка действует ${EMAIL_LINK_HOURS} часа. Если вы не указывали этот адрес, просто проигнорируйте письмо.`,
    ].join('\n'),
  };
}

/**
 * The title of a default wish list its shopper has not named (docs/decisions.md "Wish lists"): kept
 * as no title and answered in the language of each request, so it reads right on both sites.
 */
export function defaultWishListTitle(language: Locale): string {
  return language === 'uk' ? 'Мій список' : 'Мой список';
}
