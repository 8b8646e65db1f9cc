import { describe, expect, it } from 'vitest';
import { MISMATCH_MESSAGE } from '../../src/api/schemas/account.ts';
import { EMAIL_MESSAGE, PHONE_MESSAGE, REQUIRED_MESSAGE } from '../../src/api/schemas/person.ts';
import { TODAY_OR_AFTER_MESSAGE } from '../../src/api/schemas/user.ts';
import { localizeSpecText, SPEC_MESSAGES, specMessage } from '../../src/domain/validation/specMessages.ts';

describe('the spec messages in the page language', () => {
  it('shows the spec text as written in its own language and a translation in the other', () => {
    expect(specMessage('phone', 'uk')).toBe(PHONE_MESSAGE);
    expect(specMessage('phone', 'ru')).toBe('Номер телефона должен начинаться с +380');
    expect(specMessage('email', 'ru')).toBe("Поле 'Е-mail' должно быть действительным электронным адресом");
    expect(specMessage('required', 'uk')).toBe('Поле обов’язкове до заповнення');
  });

  it('turns a service answer worded by the spec into the page language', () => {
    expect(localizeSpecText(REQUIRED_MESSAGE, 'ru')).toBe('Поле обязательно для заполнения');
    expect(localizeSpecText(REQUIRED_MESSAGE, 'uk')).toBe('Поле обов’язкове до заповнення');
    expect(localizeSpecText(PHONE_MESSAGE, 'ru')).toBe('Номер телефона должен начинаться с +380');
    expect(localizeSpecText('Не пройдена проверка безопасности. Попробуйте обновить страницу', 'uk')).toBe(
      'Не пройдено перевірку безпеки. Спробуйте оновити сторінку',
    );
    expect(localizeSpecText('something else', 'ru')).toBeNull();
  });

  it('knows the spec’s texts exactly as the contract’s schemas (and so the services) word them', () => {
    // specMessages.ts writes them out (no schema modules in the browser's bundles): each must be known.
    for (const text of [REQUIRED_MESSAGE, EMAIL_MESSAGE, PHONE_MESSAGE, MISMATCH_MESSAGE, TODAY_OR_AFTER_MESSAGE]) {
      expect(localizeSpecText(text, 'ru'), text).not.toBeNull();
      expect(localizeSpecText(text, 'uk'), text).not.toBeNull();
    }
  });

  it('never shows the same text on both sides (each translation differs from its original)', () => {
    for (const [key, texts] of Object.entries(SPEC_MESSAGES)) expect(texts.ru, key).not.toBe(texts.uk);
  });
});
