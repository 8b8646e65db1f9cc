import type { Locale } from '../../api/schemas/common.ts';
import { specMessage } from '../validation/specMessages.ts';
import type { AuthRule } from './authRules.ts';

/**
 * The message of each auth rule in the page's language (issue 29, "one language per page"): the
 * spec's own (accounts §5) as written on the pages of the spec's language and translated on the
 * other's (src/domain/validation/specMessages.ts, where the services' wording is read back too);
 * the ones the spec does not give are ours, in both languages.
 */

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
    case 'codeFormat':
    case 'passwordShort':
    case 'alphaHyphen':
      return OWN[rule][locale];
    default:
      return specMessage(rule, locale);
  }
}
