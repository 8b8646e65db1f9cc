import { describe, expect, it } from 'vitest';
import { certificatePageModel } from '../../src/domain/certificate/certificatePageModel.ts';
import {
  ORDER_HASH_STORAGE_KEY,
  certificateFormModel,
  serviceFieldErrors,
  validateCertificateForm,
  type CertificateFormValues,
} from '../../src/domain/certificate/certificatePurchaseForm.ts';
import { CERTIFICATE_HASH, checkout, certificateOrder } from './support/orderFixtures.ts';

/** The gift certificate purchase form and the certificate page (spec §3, §4, §5). */

const valid: CertificateFormValues = {
  nominal: '1 000',
  firstName: ' Мар’яна ',
  phone: '+38 (050) 123-45-67',
  email: ' maryana@example.com ',
};

describe('the purchase form', () => {
  it('sends the nominal in whole hryvnias, the trimmed name and e-mail, and the phone as 12 digits', () => {
    expect(validateCertificateForm(valid, 'ru')).toEqual({
      ok: true,
      purchase: { nominal: 1000, firstName: 'Мар’яна', phone: '380501234567', email: 'maryana@example.com' },
    });
  });

  it.each([
    ['49', 'Минимальный номинал сертификата 50 грн'],
    ['0', 'Минимальный номинал сертификата 50 грн'],
    ['100001', 'Максимальный номинал сертификата 100 000 грн'],
    ['', 'Поле обязательно для заполнения'],
    ['12,5', 'Номинал сертификата — целое число гривен'],
  ])('nominal «%s»: «%s» (spec §5, in the page’s language)', (nominal, message) => {
    expect(validateCertificateForm({ ...valid, nominal }, 'ru')).toEqual({ ok: false, errors: { nominal: message } });
  });

  it('takes the limits themselves: 50 and 100 000', () => {
    expect(validateCertificateForm({ ...valid, nominal: '50' }, 'ru').ok).toBe(true);
    expect(validateCertificateForm({ ...valid, nominal: '100 000' }, 'ru').ok).toBe(true);
  });

  it.each([
    ['+38050', 'Номер закороткий: після +380 потрібно 9 цифр'],
    ['+7 999 123 45 67', 'Номер телефону має починатись з +380'],
  ])('phone «%s»: «%s»', (phone, message) => {
    expect(validateCertificateForm({ ...valid, phone }, 'uk')).toEqual({ ok: false, errors: { phone: message } });
  });

  it('takes a phone as Ukrainians write it, 0XX…, as 380XXXXXXXXX', () => {
    const result = validateCertificateForm({ ...valid, phone: '050 123 45 67' }, 'uk');
    expect(result.ok && result.purchase.phone).toBe('380501234567');
  });

  it('names and e-mails by the checkout’s rules, each message next to its own field', () => {
    const result = validateCertificateForm(
      { nominal: '49', firstName: 'Ivan2', phone: '', email: 'not-an-address' },
      'uk',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        nominal: 'Мінімальний номінал сертифіката 50 грн',
        firstName: 'Допустимі лише літери, дефіс та апостроф',
        phone: 'Поле обов’язкове до заповнення',
        email: "Поле 'Е-mail' повинно бути дійсною електронною адресою",
      },
    });
  });

  it('requires the e-mail, where an electronic certificate is sent', () => {
    expect(validateCertificateForm({ ...valid, email: '  ' }, 'ru')).toEqual({
      ok: false,
      errors: { email: 'Поле обязательно для заполнения' },
    });
  });

  it('maps the order service’s refusal to the form’s fields, first message per field; none known is null', () => {
    expect(
      serviceFieldErrors(
        [
          { field: 'nominal', message: 'Максимальный номинал сертификата 100 000 грн' },
          { field: 'nominal', message: 'second' },
          { field: 'phone', message: 'Номер телефону має починатись з +380' },
        ],
        'ru',
      ),
    ).toEqual({
      nominal: 'Максимальный номинал сертификата 100 000 грн',
      phone: 'Номер телефона должен начинаться с +380',
    });
    expect(
      serviceFieldErrors([{ field: 'nominal', message: 'Максимальный номинал сертификата 100 000 грн' }], 'uk'),
    ).toEqual({
      nominal: 'Максимальний номінал сертифіката 100 000 грн',
    });
    expect(serviceFieldErrors([{ field: 'Idempotency-Key', message: 'bad key' }], 'ru')).toBeNull();
    expect(serviceFieldErrors([], 'ru')).toBeNull();
  });

  it('posts to /certificate of the page’s language and finds the last purchase under the spec §4/§9 key', () => {
    expect(certificateFormModel('uk')).toMatchObject({
      action: '/ua/certificate',
      certificateBase: '/ua/certificate',
      values: { nominal: '', firstName: '', phone: '', email: '' },
      errors: {},
      intent: '',
      limits: { min: 50, max: 100_000 },
      storageKey: 'bbs_order-hash_anon',
    });
    expect(ORDER_HASH_STORAGE_KEY).toBe('bbs_order-hash_anon');
  });
});

describe('the certificate page', () => {
  const facts = { locale: 'ru' as const, payUnavailable: false, payment: null };

  it('until paid: the nominal, «Ожидается оплата», the pay form and no key', () => {
    const model = certificatePageModel(certificateOrder(), facts);
    expect(model).toMatchObject({
      hash: CERTIFICATE_HASH,
      nominal: 1500,
      status: { kind: 'pending', text: 'Ожидается оплата' },
      certificate: null,
      pay: { retry: false, action: `/certificate/${CERTIFICATE_HASH}/pay` },
      storageKey: 'bbs_order-hash_anon',
      buyHref: '/certificate',
    });
  });

  it('once paid: the key, the balance and the last day as DD.MM.YYYY; no pay form', () => {
    const paid = certificateOrder({
      paymentStatus: 3,
      key: 'BBSP48TT8RSALZKM',
      balance: 1500,
      validUntil: '2027-11-24',
    });
    const model = certificatePageModel(paid, { ...facts, locale: 'uk', payUnavailable: true });
    expect(model.certificate).toEqual({ key: 'BBSP48TT8RSALZKM', balance: 1500, validUntil: '24.11.2027' });
    expect(model.status?.text).toBe('Оплачено');
    expect(model.pay).toBeNull();
    expect(model.payUnavailable).toBe(false);
  });

  it('shows the bank’s answer for its own payment only', () => {
    const own = checkout({ kind: 'certificate', orderHash: CERTIFICATE_HASH, status: 4 });
    expect(certificatePageModel(certificateOrder({ paymentStatus: 4 }), { ...facts, payment: own }).banner?.kind).toBe(
      'failed',
    );
    const anOrders = checkout({ kind: 'order', orderHash: CERTIFICATE_HASH });
    expect(certificatePageModel(certificateOrder(), { ...facts, payment: anOrders }).banner).toBeNull();
  });
});
