import type { Locale } from '../../api/schemas/common.ts';
import { PHONE_MESSAGE, REQUIRED_MESSAGE } from '../../api/schemas/person.ts';
import type { AuthRule } from './authRules.ts';

/**
 * The message of each auth rule. The spec's own (accounts §5) are kept exactly as written, in the
 * one language the spec gives them, on both sites, as the checkout does (checkoutMessages.ts), and
 * are the user service's own (person.ts), so the island and the service never word a rule twice;
 * the ones the spec does not give are ours, in both languages.
 */

/** Spec §5 confirmed. */
export const MISMATCH_MESSAGE = 'Не співпадає';
/** Spec §5 today-or-after. */
export const TODAY_OR_AFTER_MESSAGE = 'Дата повинна бути сьогодні або пізніше';
/** Spec §5 security check failure (also the 1501 refusal's text). */
export const SECURITY_MESSAGE = 'Не пройдена проверка безопасности. Попробуйте обновить страницу';

const OWN: Readonly<Record<'codeFormat' | 'passwordShort' | 'alphaHyphen', Readonly<Record<Locale, string>>>> = {
  codeFormat: { ru: 'Код — 6 цифр из SMS', uk: 'Код — 6 цифр з SMS' },
  passwordShort: { ru: 'Минимум 6 символов', uk: 'Мінімум 6 символів' },
  alphaHyphen: {
    ru: 'Допустимы только буквы, дефис и апостроф',
    uk: 'Допустимі лише літери, дефіс та апостроф',
  },
};

/** What the modal says under a field that broke `rule`. */
export function authRuleMessage(rule: AuthRule, locale: Locale): string {
  switch (rule) {
    case 'required':
      return REQUIRED_MESSAGE;
    case 'phone':
      return PHONE_MESSAGE;
    case 'mismatch':
      return MISMATCH_MESSAGE;
    case 'todayOrAfter':
      return TODAY_OR_AFTER_MESSAGE;
    case 'security':
      return SECURITY_MESSAGE;
    default:
      return OWN[rule][locale];
  }
}
