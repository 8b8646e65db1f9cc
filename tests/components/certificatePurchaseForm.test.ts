import { describe, expect, it } from 'vitest';
import CertificatePurchaseForm from '../../src/components/certificate/CertificatePurchaseForm.astro';
import { certificateFormModel } from '../../src/domain/certificate/certificatePurchaseForm.ts';
import { renderView } from './renderView.ts';

describe('CertificatePurchaseForm.astro', () => {
  it('is a plain post to /certificate with the four fields, labelled, and the spec §5 limits as a hint', async () => {
    const { view, body } = await renderView(CertificatePurchaseForm, { form: certificateFormModel('ru') });
    const form = body.querySelector('form[data-certificate-form]');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/certificate');
    // The spec's messages come from the server, not the browser's own validation.
    expect(form?.hasAttribute('novalidate')).toBe(true);
    for (const name of ['Номинал, грн', 'Имя', 'Телефон', 'E-mail']) expect(view.getByLabelText(name)).toBeTruthy();
    expect(view.getByText('От 50 до 100 000 грн')).toBeTruthy();
    expect(body.querySelector('input[name="intent"]')?.getAttribute('value')).toBe('');
    // «Мой сертификат» stays hidden: the cached page knows nobody's purchase; the script shows it.
    expect(body.querySelector('a[data-my-certificate]')?.hasAttribute('hidden')).toBe(true);
    expect(body.querySelector('a[data-my-certificate]')?.getAttribute('data-key')).toBe('bbs_order-hash_anon');
  });

  it('sent back: the typed values, each message next to its field and tied to it for assistive technology', async () => {
    const form = certificateFormModel('uk', {
      values: { nominal: '49', firstName: 'Іван', phone: '+38050', email: 'ivan@example.com' },
      errors: { nominal: 'Минимальный номинал сертификата 50 грн', phone: 'Номер телефону має починатись з +380' },
      intent: '5f1d7e3c-8e0a-4b8e-9d41-3f1b2c4d5e6f',
    });
    const { view, body } = await renderView(CertificatePurchaseForm, { form }, 'http://127.0.0.1/ua/certificate');
    const nominal = view.getByLabelText('Номінал, грн');
    expect(nominal.getAttribute('value')).toBe('49');
    expect(nominal.getAttribute('aria-invalid')).toBe('true');
    const described = (nominal.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => body.querySelector(`#${id}`)?.textContent?.trim());
    expect(messages).toContain('Минимальный номинал сертификата 50 грн');
    expect(view.getByLabelText('Телефон').getAttribute('aria-invalid')).toBe('true');
    expect(view.getByLabelText('Ім’я').getAttribute('aria-invalid')).toBeNull();
    expect(body.querySelector('form')?.getAttribute('action')).toBe('/ua/certificate');
    expect(body.querySelector('input[name="intent"]')?.getAttribute('value')).toBe(form.intent);
  });

  it('says nothing was bought when the order service failed', async () => {
    const { view } = await renderView(CertificatePurchaseForm, { form: certificateFormModel('ru'), failed: true });
    expect(view.getByRole('alert').textContent).toContain('Не удалось оформить покупку');
  });
});
