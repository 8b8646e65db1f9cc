import { describe, expect, it } from 'vitest';
import { authModeOfHash } from '../../src/domain/auth/authEntry.ts';
import { refusalField } from '../../src/domain/auth/authRefusal.ts';
import {
  checkCode,
  checkDueDate,
  checkFirstName,
  checkPassword,
  checkPhone,
  checkRepeat,
  checkSecurityToken,
  formatCountdown,
  isoDay,
  resendAt,
  secondsLeft,
} from '../../src/domain/auth/authRules.ts';

describe('the forms’ field rules (spec §5)', () => {
  it('a phone is required and must be 380 and 12 digits; a failure names its fault (issue 29)', () => {
    expect(checkPhone('  ')).toEqual({ ok: false, rule: 'required' });
    expect(checkPhone('+38 067 123 45 6')).toEqual({ ok: false, rule: 'phoneShort' });
    expect(checkPhone('+38 067 123 45 678')).toEqual({ ok: false, rule: 'phoneLong' });
    expect(checkPhone('093 123 45 67')).toEqual({ ok: true, value: '380931234567' });
    expect(checkPhone('+7 912 345 67 89')).toEqual({ ok: false, rule: 'phone' });
    expect(checkPhone('+38 (067) 123-45-67')).toEqual({ ok: true, value: '380671234567' });
  });

  it('a code is required and is six digits (spaces let go)', () => {
    expect(checkCode('')).toEqual({ ok: false, rule: 'required' });
    expect(checkCode('12345')).toEqual({ ok: false, rule: 'codeFormat' });
    expect(checkCode('12a456')).toEqual({ ok: false, rule: 'codeFormat' });
    expect(checkCode('123 456')).toEqual({ ok: true, value: '123456' });
  });

  it('a password is required and has at least 6 characters', () => {
    expect(checkPassword('')).toEqual({ ok: false, rule: 'required' });
    expect(checkPassword('12345')).toEqual({ ok: false, rule: 'passwordShort' });
    expect(checkPassword('пароль')).toEqual({ ok: true, value: 'пароль' });
  });

  it('the repeat must equal the password', () => {
    expect(checkRepeat('secret1', '')).toEqual({ ok: false, rule: 'required' });
    expect(checkRepeat('secret1', 'secret2')).toEqual({ ok: false, rule: 'mismatch' });
    expect(checkRepeat('secret1', 'secret1')).toEqual({ ok: true, value: 'secret1' });
  });

  it('a first name is required, letters and hyphen (and the apostrophe), trimmed', () => {
    expect(checkFirstName(' ')).toEqual({ ok: false, rule: 'required' });
    expect(checkFirstName('Anna1')).toEqual({ ok: false, rule: 'alphaHyphen' });
    expect(checkFirstName(' Мар’яна ')).toEqual({ ok: true, value: 'Мар’яна' });
    expect(checkFirstName('Анна-Марія')).toEqual({ ok: true, value: 'Анна-Марія' });
  });

  it('the expected-birth date is optional and today or later', () => {
    expect(checkDueDate('', '2026-11-26')).toEqual({ ok: true, value: null });
    expect(checkDueDate('2026-11-25', '2026-11-26')).toEqual({ ok: false, rule: 'todayOrAfter' });
    expect(checkDueDate('2026-11-26', '2026-11-26')).toEqual({ ok: true, value: '2026-11-26' });
    expect(checkDueDate('2027-02-01', '2026-11-26')).toEqual({ ok: true, value: '2027-02-01' });
    expect(checkDueDate('1.2.2027', '2026-11-26')).toEqual({ ok: false, rule: 'todayOrAfter' });
  });

  it('the security check must have given a token', () => {
    expect(checkSecurityToken(null)).toEqual({ ok: false, rule: 'security' });
    expect(checkSecurityToken('token')).toEqual({ ok: true, value: 'token' });
  });

  it('a day is written in the local calendar', () => {
    expect(isoDay(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
});

describe('the resend timer (spec §4)', () => {
  it('starts at 60 s, or at the server’s diff', () => {
    expect(resendAt(1_000, null)).toBe(61_000);
    expect(resendAt(1_000, 42)).toBe(43_000);
    expect(resendAt(1_000, 0)).toBe(1_000);
  });

  it('counts whole seconds down to zero and never below', () => {
    const until = resendAt(0, null);
    expect(secondsLeft(until, 0)).toBe(60);
    expect(secondsLeft(until, 400)).toBe(60);
    expect(secondsLeft(until, 1_000)).toBe(59);
    expect(secondsLeft(until, 59_001)).toBe(1);
    expect(secondsLeft(until, 60_000)).toBe(0);
    expect(secondsLeft(until, 90_000)).toBe(0);
  });

  it.each([
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0, '0:00'],
  ])('shows %i s as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

describe('authModeOfHash (spec §2)', () => {
  it.each([
    ['#login', 'login'],
    ['#registration', 'registration'],
    ['#club', 'club'],
    ['#social', 'social'],
    ['#reviews', null],
    ['', null],
    ['#toString', null],
  ])('%j opens %j', (hash, mode) => {
    expect(authModeOfHash(hash)).toBe(mode);
  });
});

describe('refusalField (spec §8: on the field the server names)', () => {
  const fields = ['phone', 'password'];
  it.each([
    [null, null],
    ['phone', 'phone'],
    ['login', 'phone'],
    ['password', 'password'],
    ['securityToken', null],
    ['toString', null],
  ])('%j → %j', (field, shown) => {
    expect(refusalField(field, fields)).toBe(shown);
  });
});
