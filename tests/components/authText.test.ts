import { describe, expect, it } from 'vitest';
import { authText } from '../../src/components/auth/authText.ts';
import { auth as ru } from '../../src/i18n/auth.ru.json';
import { auth as uk } from '../../src/i18n/auth.uk.json';

describe('authText', () => {
  it('gives both languages the same auth keys, none empty', () => {
    expect(Object.keys(uk).sort()).toEqual(Object.keys(ru).sort());
    for (const text of [...Object.values(ru), ...Object.values(uk)]) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const ukEntries = new Map<string, string>(Object.entries(uk));
    for (const [key, text] of Object.entries(ru)) {
      expect(placeholders(ukEntries.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('keeps the spec’s words for the social sign-in phone form (spec §2)', () => {
    const t = authText('ru');
    expect(t('socialTitle')).toBe('Регистрация');
    expect(t('socialHint')).toBe('Мы отправим на этот номер код подтверждения');
    expect(t('continue')).toBe('Продолжить');
    expect(t('authError')).toBe('Ошибка авторизации');
  });

  it('looks a key up in the page language', () => {
    expect(authText('ru')('logIn')).toBe('Войти');
    expect(authText('uk')('logIn')).toBe('Увійти');
    expect(authText('uk')('resendIn', { time: '0:42' })).toBe('Надіслати код ще раз можна через 0:42');
  });
});
