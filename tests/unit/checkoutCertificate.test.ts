import { describe, expect, it } from 'vitest';
import { CERTIFICATE_NOMINAL as CONTRACT_NOMINAL, certificatePurchaseSchema } from '../../src/api/schemas/order.ts';
import { CERTIFICATE_NOMINAL, validateCertificateNominal } from '../../src/domain/checkout/certificateNominal.ts';

/** The nominal of a gift certificate to buy (spec §5, §9: 50 … 100 000 грн). */

const MIN = 'Минимальный номинал сертификата 50 грн';
const MAX = 'Максимальный номинал сертификата 100 000 грн';
const REQUIRED = 'Поле обовязкове до заповнення';

describe('validateCertificateNominal', () => {
  it.each<[number | string, number]>([
    [50, 50],
    [500, 500],
    [100_000, 100_000],
    ['1 000', 1000],
    [' 250 грн ', 250],
    ['100000', 100_000],
    ['75,0', 75],
  ])('accepts %s as %d', (input, nominal) => {
    expect(validateCertificateNominal(input, 'ru')).toEqual({ ok: true, nominal });
  });

  it.each<[number | string, string]>([
    [49, MIN],
    [0, MIN],
    [-100, MIN],
    ['49', MIN],
    [Number.NEGATIVE_INFINITY, MIN],
    [100_001, MAX],
    ['150 000', MAX],
    [Number.POSITIVE_INFINITY, MAX],
    ['', REQUIRED],
    ['   ', REQUIRED],
  ])('refuses %s with the spec message «%s»', (input, message) => {
    expect(validateCertificateNominal(input, 'uk')).toEqual({ ok: false, message });
  });

  it.each<[number | string]>([[99.5], ['99,5'], ['сто'], [Number.NaN], ['1e3']])(
    'refuses %s: a whole number of hryvnias, in the page’s language',
    (input) => {
      expect(validateCertificateNominal(input, 'ru')).toEqual({
        ok: false,
        message: 'Номинал сертификата — целое число гривен',
      });
      expect(validateCertificateNominal(input, 'uk')).toEqual({
        ok: false,
        message: 'Номінал сертифіката — ціле число гривень',
      });
    },
  );

  it('shares its limits and messages with the contract', () => {
    expect(CERTIFICATE_NOMINAL).toEqual(CONTRACT_NOMINAL);
    const purchase = (nominal: number) =>
      certificatePurchaseSchema.safeParse({ nominal, phone: '380671234567', firstName: 'Олена' });
    for (const nominal of [49, 50, 100_000, 100_001, 99.5]) {
      const ours = validateCertificateNominal(nominal, 'ru');
      const theirs = purchase(nominal);
      expect(theirs.success).toBe(ours.ok);
      if (!ours.ok && !theirs.success) expect(theirs.error.issues[0]?.message).toBe(ours.message);
    }
  });
});
