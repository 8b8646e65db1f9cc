import { describe, expect, it } from 'vitest';
import { phoneFieldText } from '../../src/domain/checkout/phoneField.ts';
import { canonicalPhone, phoneFault } from '../../src/domain/validation/phoneDigits.ts';

/** The checkout's phone mask as the shopper types or pastes (issue 29). */
describe('phoneFieldText', () => {
  it.each([
    ['0931234567', '+380 93 123 45 67'],
    ['093 123 45 67', '+380 93 123 45 67'],
    ['093-123-45-67', '+380 93 123 45 67'],
    ['931234567', '+380 93 123 45 67'],
    ['+380931234567', '+380 93 123 45 67'],
    ['+38 (093) 123-45-67', '+380 93 123 45 67'],
    ['80931234567', '+380 93 123 45 67'],
  ])('masks %s as %s, and the order gets 380931234567', (typed, shown) => {
    expect(phoneFieldText(typed)).toBe(shown);
    expect(canonicalPhone(phoneFieldText(typed))).toBe('380931234567');
  });

  it('grows key by key', () => {
    let text = '';
    for (const key of '0931234567') text = phoneFieldText(text + key);
    expect(text).toBe('+380 93 123 45 67');
    text = '';
    for (const key of '+380931') text = phoneFieldText(text + key);
    expect(text).toBe('+380 93 1');
  });

  it('keeps what the mask cannot hold as typed, so the rule says what is wrong', () => {
    expect(phoneFieldText('+48 123 456 789')).toBe('+48 123 456 789');
    expect(phoneFault(phoneFieldText('+48 123 456 789'))).toBe('phone');
    expect(phoneFieldText('+380 93 123 45 678')).toBe('+380 93 123 45 678');
    expect(phoneFault(phoneFieldText('+380 93 123 45 678'))).toBe('phoneLong');
    expect(phoneFault(phoneFieldText('+3809312345'))).toBe('phoneShort');
  });

  it('lets the first keys of +380 through', () => {
    expect(phoneFieldText('+')).toBe('+');
    expect(phoneFieldText('+3')).toBe('+3');
    expect(phoneFieldText('')).toBe('');
  });
});
