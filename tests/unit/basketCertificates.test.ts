import { describe, expect, it } from 'vitest';
import type { BasketCheckItem, CertificateAnswer, CertificateType } from '../../src/api/schemas/basket.ts';
import {
  GIFT_CERTIFICATE,
  PROMO_CODE,
  certificateDiscount,
  enterCertificate,
  enteredCertificate,
  keptCertificates,
  mergeCertificates,
  normaliseCertificateKey,
  removeCertificate,
  type BasketCertificate,
} from '../../src/domain/basket/basketCertificates.ts';

/** Promo codes and gift certificates of a basket (storefront spec §3 "Gift certificate", §5). */

const answer = (over: Partial<CertificateAnswer>): CertificateAnswer => ({
  type: 1,
  key: 'CERT-1',
  title: 'Сертификат',
  discountAmount: 0,
  errorMessage: null,
  isAvailable: true,
  isChecked: true,
  ...over,
});
const keys = (list: readonly BasketCertificate[]) => list.map((c) => `${c.type}:${c.key}`);
/** The codes after entering each in turn, failing the test when one is refused. */
function entered(...codes: [CertificateType, string][]): BasketCertificate[] {
  return codes.reduce<BasketCertificate[]>((list, [type, key]) => {
    const result = enterCertificate(list, type, key);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    return result.certificates;
  }, []);
}

describe('keys normalised as the service does (spec §3)', () => {
  it.each<[CertificateType, string, string]>([
    [PROMO_CODE, ' spring10 ', 'SPRING10'],
    [PROMO_CODE, 'весна', 'ВЕСНА'],
    [PROMO_CODE, '\tMiXeD\n', 'MIXED'],
    [GIFT_CERTIFICATE, ' Ab-12 ', 'Ab-12'],
    [GIFT_CERTIFICATE, 'abc', 'abc'],
    [GIFT_CERTIFICATE, '   ', ''],
  ])('type %d %j → %j', (type, key, expected) => {
    expect(normaliseCertificateKey(type, key)).toBe(expected);
  });
});

describe('entering a code', () => {
  it('enters it normalised and unchecked', () => {
    expect(enterCertificate([], PROMO_CODE, ' spring ')).toEqual({
      ok: true,
      certificates: [
        {
          type: 0,
          key: 'SPRING',
          title: '',
          discountAmount: 0,
          errorMessage: null,
          isAvailable: false,
          isChecked: false,
          orderDiscount: 0,
        },
      ],
    });
  });

  it.each<[string, [CertificateType, string][], CertificateType, string, string]>([
    ['a blank key', [], PROMO_CODE, '   ', 'empty'],
    ['the same promo code in another spelling', [[PROMO_CODE, 'spring']], PROMO_CODE, ' SPRING ', 'duplicate'],
    ['the same certificate with spaces', [[GIFT_CERTIFICATE, 'Ab']], GIFT_CERTIFICATE, ' Ab ', 'duplicate'],
  ])('refuses %s', (_name, before, type, key, reason) => {
    expect(enterCertificate(entered(...before), type, key)).toEqual({ ok: false, reason });
  });

  it('tells certificates apart by case, since the service keeps their case', () => {
    expect(keys(entered([GIFT_CERTIFICATE, 'ab'], [GIFT_CERTIFICATE, 'AB']))).toEqual(['1:ab', '1:AB']);
  });

  it('tells a promo code and a certificate with the same key apart', () => {
    expect(keys(entered([PROMO_CODE, 'X1'], [GIFT_CERTIFICATE, 'X1']))).toEqual(['0:X1', '1:X1']);
  });

  it('refuses a key longer than the service accepts', () => {
    expect(enterCertificate([], PROMO_CODE, 'A'.repeat(65))).toEqual({ ok: false, reason: 'tooLong', max: 64 });
    expect(enterCertificate([], PROMO_CODE, ` ${'A'.repeat(64)} `)).toMatchObject({ ok: true });
  });

  it('refuses an eleventh code', () => {
    const ten = entered(...Array.from({ length: 10 }, (_, i): [CertificateType, string] => [PROMO_CODE, `C${i}`]));
    expect(enterCertificate(ten, PROMO_CODE, 'C10')).toEqual({ ok: false, reason: 'tooMany', max: 10 });
  });
});

describe('removing a code', () => {
  it('removes it whatever its spelling', () => {
    expect(
      keys(removeCertificate(entered([PROMO_CODE, 'spring'], [GIFT_CERTIFICATE, 'c']), PROMO_CODE, ' Spring')),
    ).toEqual(['1:c']);
  });

  it('changes nothing for a code that is not there', () => {
    expect(removeCertificate([], PROMO_CODE, 'x')).toEqual([]);
  });
});

describe('codes kept after a check (spec §5)', () => {
  it.each<[string, CertificateAnswer, 'kept' | 'refused' | 'gone']>([
    ['present and checked, even with a message', answer({ isChecked: true, errorMessage: 'Частично' }), 'kept'],
    ['present, not checked, without an error message', answer({ isChecked: false, errorMessage: null }), 'kept'],
    ['present, not checked, with an error message', answer({ isChecked: false, errorMessage: 'Истёк' }), 'refused'],
    ['answered but never entered', answer({ key: 'OTHER' }), 'gone'],
  ])('%s', (_name, reply, fate) => {
    const { certificates, refused } = keptCertificates(entered([GIFT_CERTIFICATE, 'CERT-1']), [reply]);
    expect({ kept: certificates.length, refused: refused.length }).toEqual({
      kept: fate === 'kept' ? 1 : 0,
      refused: fate === 'refused' ? 1 : 0,
    });
  });

  it('drops a code the service did not answer for', () => {
    expect(keptCertificates(entered([PROMO_CODE, 'a']), [])).toEqual({ certificates: [], refused: [] });
  });

  it('matches the answer to the entered code through normalisation, and keeps one answer per code', () => {
    const reply = answer({ type: 0, key: 'spring', discountAmount: 50 });
    const { certificates } = keptCertificates(entered([PROMO_CODE, 'Spring']), [reply, reply]);
    expect(certificates).toEqual([{ ...reply, key: 'SPRING', orderDiscount: 50 }]);
  });
});

describe('which part of a code is taken off the whole order', () => {
  /** A checked line carrying a discount from `source`. */
  const lineWith = (source: string): BasketCheckItem => ({
    internalId: 1,
    productId: 1,
    title: '',
    titleUkr: '',
    quantity: 1,
    availableQuantity: 1,
    recommendedPrice: 100,
    sellingPrice: 100,
    errorCode: 0,
    warehouseList: [],
    giftDiscountRef: null,
    checked: {
      quantity: 1,
      price: 90,
      cost: 90,
      isGift: false,
      discounts: [{ source, title: '', amount: 10 }],
      discountAmount: 10,
      bonuses: 1,
      bonusAmount: 1,
    },
  });
  it.each<[string, CertificateAnswer, BasketCheckItem[], number]>([
    ['a certificate: all of it', answer({ discountAmount: 250 }), [], 250],
    [
      'an amount promo code: all of it',
      answer({ type: 0, key: 'MINUS50', discountAmount: 50 }),
      [lineWith('OTHER')],
      50,
    ],
    [
      'a percent promo code on the lines: none',
      answer({ type: 0, key: 'PCT10', discountAmount: 10 }),
      [lineWith('pct10')],
      0,
    ],
    ['a refused code: none', answer({ discountAmount: 250, errorMessage: 'Истёк', isChecked: true }), [], 0],
  ])('%s', (_name, reply, lines, expected) => {
    const [kept] = keptCertificates(entered([reply.type, reply.key]), [reply], lines).certificates;
    expect(kept?.orderDiscount).toBe(expected);
  });
});

describe('what codes take off the whole order', () => {
  const code = (over: Partial<BasketCertificate>): BasketCertificate => ({ ...answer({}), orderDiscount: 0, ...over });
  it.each<[string, BasketCertificate[], number]>([
    ['nothing without codes', [], 0],
    ['an accepted certificate', [code({ orderDiscount: 250 })], 250],
    ['two codes, to the kopeck', [code({ orderDiscount: 0.1 }), code({ key: 'B', orderDiscount: 0.2 })], 0.3],
    ['not a refused code', [code({ orderDiscount: 250, errorMessage: 'Истёк' })], 0],
    ['not a percent promo code, which works through the lines', [code({ type: 0, discountAmount: 100 })], 0],
    ['nothing negative', [code({ orderDiscount: -5 })], 0],
  ])('%s', (_name, list, expected) => {
    expect(certificateDiscount(list)).toBe(expected);
  });
});

describe('merging codes (sign-in)', () => {
  it('keeps each code once', () => {
    const merged = mergeCertificates(entered([PROMO_CODE, 'a']), [
      enteredCertificate(PROMO_CODE, 'A'),
      enteredCertificate(1, 'c'),
    ]);
    expect(keys(merged)).toEqual(['0:A', '1:c']);
  });

  it('stops at ten codes', () => {
    const nine = entered(...Array.from({ length: 9 }, (_, i): [CertificateType, string] => [PROMO_CODE, `A${i}`]));
    expect(mergeCertificates(nine, [enteredCertificate(0, 'B1'), enteredCertificate(0, 'B2')])).toHaveLength(10);
  });
});
