import type { Locale } from '../../api/schemas/common.ts';

/**
 * The spec's field messages (accounts §5, storefront §5) in the page's language (issue 29, "one
 * language per page"). The spec quotes each in one language: that page language shows it as
 * written, the other a faithful translation (docs/decisions.md "One language per page"). The
 * services keep answering with the spec's own text (their contract); `localizeSpecText` turns
 * such an answer into the page's language.
 *
 * One departure from "as written": the Ukrainian «обов’язкове» gets its apostrophe (the spec's
 * «обовязкове» is a typo a Ukrainian reader notices at once).
 *
 * The spec's texts are written out here rather than imported from the contract's schemas
 * (person.ts, account.ts, user.ts, which hold the same ones; tests/unit/specMessages.test.ts keeps
 * them equal): importing them brought those modules' zod schemas into every island and script that
 * shows a message (issue 29: the auth modal and the checkout grew past their JavaScript budgets).
 */

/** The spec's texts as the services answer with them (accounts §5). */
const SPEC_TEXT = {
  required: 'Поле обовязкове до заповнення',
  email: "Поле 'Е-mail' должно быть действительным электронным адресом",
  phone: 'Номер телефону має починатись з +380',
  mismatch: 'Не співпадає',
  todayOrAfter: 'Дата повинна бути сьогодні або пізніше',
} as const;
const SPEC_MESSAGE_KEYS = [
  'required',
  'email',
  'phone',
  'phoneShort',
  'phoneLong',
  'mismatch',
  'todayOrAfter',
  'security',
  'instalmentMin',
  'instalmentMax',
  'certificateMin',
  'certificateMax',
] as const;
export type SpecMessageKey = (typeof SPEC_MESSAGE_KEYS)[number];

export const SPEC_MESSAGES: Readonly<Record<SpecMessageKey, Readonly<Record<Locale, string>>>> = {
  required: { uk: 'Поле обов’язкове до заповнення', ru: 'Поле обязательно для заполнения' },
  email: {
    ru: SPEC_TEXT.email,
    uk: "Поле 'Е-mail' повинно бути дійсною електронною адресою",
  },
  phone: { uk: SPEC_TEXT.phone, ru: 'Номер телефона должен начинаться с +380' },
  // Ours: the spec has one phone message; "starts with +380" is untrue of a number that does.
  phoneShort: {
    uk: 'Номер закороткий: після +380 потрібно 9 цифр',
    ru: 'Номер слишком короткий: после +380 нужно 9 цифр',
  },
  phoneLong: {
    uk: 'Номер задовгий: після +380 потрібно 9 цифр',
    ru: 'Номер слишком длинный: после +380 нужно 9 цифр',
  },
  mismatch: { uk: SPEC_TEXT.mismatch, ru: 'Не совпадает' },
  todayOrAfter: { uk: SPEC_TEXT.todayOrAfter, ru: 'Дата должна быть сегодня или позже' },
  security: {
    ru: 'Не пройдена проверка безопасности. Попробуйте обновить страницу',
    uk: 'Не пройдено перевірку безпеки. Спробуйте оновити сторінку',
  },
  instalmentMin: { uk: 'Мінімальна сума для оплати частинами', ru: 'Минимальная сумма для оплаты частями' },
  instalmentMax: { uk: 'Максимальна сума для оплати частинами', ru: 'Максимальная сумма для оплаты частями' },
  certificateMin: { ru: 'Минимальный номинал сертификата 50 грн', uk: 'Мінімальний номінал сертифіката 50 грн' },
  certificateMax: {
    ru: 'Максимальный номинал сертификата 100 000 грн',
    uk: 'Максимальний номінал сертифіката 100 000 грн',
  },
};

/** A spec message in the page's language. */
export function specMessage(key: SpecMessageKey, locale: Locale): string {
  return SPEC_MESSAGES[key][locale];
}

/** Every wording a service may answer with (the spec's, both translations) → its key. */
const BY_TEXT: ReadonlyMap<string, SpecMessageKey> = new Map([
  [SPEC_TEXT.required, 'required'],
  ...SPEC_MESSAGE_KEYS.flatMap((key) => Object.values(SPEC_MESSAGES[key]).map((text) => [text, key] as const)),
]);

/** A service's spec-worded message in the page's language; null when it is not one of the spec's. */
export function localizeSpecText(text: string, locale: Locale): string | null {
  const key = BY_TEXT.get(text);
  return key === undefined ? null : SPEC_MESSAGES[key][locale];
}
