import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/domain/format/phone.ts';
import { PHONE_MESSAGE } from '../../src/api/schemas/person.ts';
import { validatePhone } from '../../src/domain/validation/phone.ts';
import { canonicalPhone, maskPhone, normalizePhone, phoneFault } from '../../src/domain/validation/phoneDigits.ts';

describe('formatPhone: display as +XX (XXX) XXX-XX-XX', () => {
  it.each([
    ['380671234567', '+38 (067) 123-45-67'],
    ['+380 67 123 45 67', '+38 (067) 123-45-67'],
    ['+38 (067) 123-45-67', '+38 (067) 123-45-67'],
    ['38-050-000-11-22', '+38 (050) 000-11-22'],
    ['491701234567', '+49 (170) 123-45-67'],
  ])('formats %s as %s', (raw, expected) => {
    expect(formatPhone(raw)).toBe(expected);
  });

  it.each([['0671234567'], ['+38067123456'], ['3806712345678'], [''], ['call me']])(
    'returns %s unchanged when it does not hold 12 digits',
    (raw) => {
      expect(formatPhone(raw)).toBe(raw);
    },
  );
});

describe('normalizePhone: digits only', () => {
  it.each([
    ['+38 (067) 123-45-67', '380671234567'],
    ['380671234567', '380671234567'],
    [' +380\t67 123 45 67 ', '380671234567'],
    ['', ''],
  ])('turns "%s" into "%s"', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });
});

describe('canonicalPhone: every way a Ukrainian number is written means 380XXXXXXXXX', () => {
  it.each([
    ['+38 (067) 123-45-67', '380671234567'],
    ['380671234567', '380671234567'],
    ['067 123 45 67', '380671234567'],
    ['0931234567', '380931234567'],
    ['093-123-45-67', '380931234567'],
    ['80671234567', '380671234567'],
    ['671234567', '380671234567'],
    ['+48 601 234 567', '48601234567'],
    ['', ''],
  ])('reads %j as %j', (raw, expected) => {
    expect(canonicalPhone(raw)).toBe(expected);
  });
});

describe('phoneFault and validatePhone: a true message per fault, in the page language', () => {
  it.each([
    ['380671234567', '380671234567'],
    ['+380 67 123 45 67', '380671234567'],
    ['+38 (050) 000-11-22', '380500001122'],
    ['0931234567', '380931234567'],
    ['093 123 45 67', '380931234567'],
    ['931234567', '380931234567'],
  ])('accepts %s as %s', (raw, phone) => {
    expect(validatePhone(raw, 'uk')).toEqual({ ok: true, phone });
    expect(phoneFault(raw)).toBeNull();
  });

  it.each([
    ['an empty field', '  ', 'required'],
    ['+380 and 7 digits', '+3809312345', 'phoneShort'],
    ['a local number missing a digit', '093123456', 'phoneShort'],
    ['13 digits', '3806712345678', 'phoneLong'],
    ['another country code', '491701234567', 'phone'],
    ['38 without the 0', '381671234567', 'phone'],
  ] as const)('refuses %s as %s', (_label, raw, fault) => {
    expect(phoneFault(raw)).toBe(fault);
  });

  it('words each fault in the page language; "not Ukrainian" is the spec text as written on uk pages', () => {
    expect(validatePhone('491701234567', 'uk')).toEqual({ ok: false, message: PHONE_MESSAGE });
    expect(validatePhone('491701234567', 'ru')).toEqual({
      ok: false,
      message: 'Номер телефона должен начинаться с +380',
    });
    expect(validatePhone('+3809312345', 'uk')).toEqual({
      ok: false,
      message: 'Номер закороткий: після +380 потрібно 9 цифр',
    });
    expect(validatePhone('', 'ru')).toEqual({ ok: false, message: 'Поле обязательно для заполнения' });
  });

  it('keeps the spec message text exactly as written', () => {
    expect(PHONE_MESSAGE).toBe('Номер телефону має починатись з +380');
  });
});

describe('maskPhone: +380 XX XXX XX XX as people type or paste', () => {
  it.each([
    ['', ''],
    ['0', '+380'],
    ['093', '+380 93'],
    ['0931234567', '+380 93 123 45 67'],
    ['093 123-45-67', '+380 93 123 45 67'],
    ['+38 (093) 123-45-67', '+380 93 123 45 67'],
    ['931234567', '+380 93 123 45 67'],
    ['+380 93 1234', '+380 93 123 4'],
    ['+380 93 123 45 678', '+380 93 123 45 67'],
    ['3', '3'],
    ['38', '38'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
  ])('shows %j as %j', (raw, masked) => {
    expect(maskPhone(raw)).toBe(masked);
  });

  it('a masked number is always one the rule accepts once complete', () => {
    expect(phoneFault(maskPhone('0931234567'))).toBeNull();
  });
});
