import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/domain/format/phone.ts';
import { normalizePhone, PHONE_MESSAGE, validatePhone } from '../../src/domain/validation/phone.ts';

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

describe('validatePhone: starts with 380 and is 12 characters long', () => {
  it.each([
    ['380671234567', '380671234567'],
    ['+380 67 123 45 67', '380671234567'],
    ['+38 (050) 000-11-22', '380500001122'],
  ])('accepts %s as %s', (raw, phone) => {
    expect(validatePhone(raw)).toEqual({ ok: true, phone });
  });

  it.each([
    ['a local number without the country code', '0671234567'],
    ['11 digits', '38067123456'],
    ['13 digits', '3806712345678'],
    ['another country code', '491701234567'],
    ['38 without the 0', '381671234567'],
    ['an empty field', ''],
  ])('rejects %s with the spec message', (_label, raw) => {
    expect(validatePhone(raw)).toEqual({ ok: false, message: 'Номер телефону має починатись з +380' });
  });

  it('exports the message text exactly as the spec', () => {
    expect(PHONE_MESSAGE).toBe('Номер телефону має починатись з +380');
  });
});
