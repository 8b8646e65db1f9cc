import { describe, expect, it } from 'vitest';
import { phoneEdit } from '../../src/components/form/phoneMask.ts';

describe('phoneEdit: the mask as the shopper types, pastes and deletes (issue 29)', () => {
  it('reformats a typed digit and keeps the caret at the end', () => {
    expect(phoneEdit('+380 93 12', '+380 93 123', 11)).toEqual({ value: '+380 93 123', caret: 11 });
    expect(phoneEdit('+380 93 123', '+380 93 1234', 12)).toEqual({ value: '+380 93 123 4', caret: 13 });
  });

  it('reads a pasted national number', () => {
    expect(phoneEdit('', '093 123-45-67', 13)).toEqual({ value: '+380 93 123 45 67', caret: 17 });
  });

  it('keeps the caret before the digits that followed it when a digit is typed in the middle', () => {
    // '+380 93 123 45 67' with the last 2 of the 123 removed earlier: typing 2 back after the 1.
    const edit = phoneEdit('+380 93 134 56 7', '+380 93 1234 56 7', 10);
    expect(edit.value).toBe('+380 93 123 45 67');
    expect(edit.value.slice(edit.caret).replace(/\D/g, '')).toBe('34567');
  });

  it('backspace over a space deletes the digit before it', () => {
    const edit = phoneEdit('+380 93 123 45 67', '+380 93123 45 67', 7);
    expect(edit.value).toBe('+380 91 234 56 7');
    expect(edit.caret).toBe(6);
  });

  it('a whole new value of the same digits (autofill, a test’s fill) is only reformatted', () => {
    expect(phoneEdit('+380 50 123 45 67', '+380501234567', 13).value).toBe('+380 50 123 45 67');
  });

  it('empties', () => {
    expect(phoneEdit('+380', '', 0)).toEqual({ value: '', caret: 0 });
  });
});
