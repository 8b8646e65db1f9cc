import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../../src/api/endpointCall.ts';
import { $stockNotify, requestStockNotify } from '../../src/stores/stockNotify.ts';

/**
 * «Повідомити про наявність» sent with JavaScript (issue 29): the endpoint's answer is shown as
 * saved or refused (on the field it names), a service that cannot be reached gets the page's own
 * text, and a second tap while sending sends nothing.
 */

vi.mock(import('../../src/api/endpointCall.ts'), () => ({ callEndpoint: vi.fn() }));
vi.mock(import('../../src/stores/net.ts'), () => ({ pageLocale: () => 'uk', newestAnswer: vi.fn() }));
const call = vi.mocked(callEndpoint);

const FIELDS = { productId: 7, variantId: 70, contact: '050 123 45 67' };
const FAILED = 'Не вдалося надіслати';

afterEach(() => {
  call.mockReset();
  $stockNotify.set({ status: 'idle' });
});

describe('the stock notification form’s store', () => {
  it('shows the endpoint’s message once saved, and sends the page’s language when the action does not', async () => {
    call.mockResolvedValue({ ok: true, value: 'Повідомимо, щойно розмір з’явиться' });
    await requestStockNotify('/api/stock-notify', FIELDS, FAILED);
    expect($stockNotify.get()).toEqual({ status: 'saved', message: 'Повідомимо, щойно розмір з’явиться' });
    expect(call.mock.calls[0]?.[2]).toEqual({ body: FIELDS, locale: 'uk' });
  });

  it('keeps the language the action names', async () => {
    call.mockResolvedValue({ ok: true, value: 'ok' });
    await requestStockNotify('/api/stock-notify?locale=ru', FIELDS, FAILED);
    expect(call.mock.calls[0]?.[2]).toEqual({ body: FIELDS });
  });

  it('shows a refusal on the field it names; an unreachable service gets the page’s own text', async () => {
    call.mockResolvedValueOnce({
      ok: false,
      kind: 'http',
      status: 400,
      refusal: { code: 400, message: 'bad', fields: [{ field: 'contact', message: 'Номер закороткий' }] },
    });
    await requestStockNotify('/api/stock-notify', FIELDS, FAILED);
    expect($stockNotify.get()).toEqual({ status: 'refused', message: 'Номер закороткий', field: 'contact' });

    call.mockResolvedValueOnce({
      ok: false,
      kind: 'network',
      status: 0,
      refusal: { code: 0, message: 'fetch failed', fields: [] },
    });
    await requestStockNotify('/api/stock-notify', FIELDS, FAILED);
    expect($stockNotify.get()).toEqual({ status: 'refused', message: FAILED, field: null });

    call.mockResolvedValueOnce({
      ok: false,
      kind: 'http',
      status: 429,
      refusal: { code: 429, message: 'Забагато запитів', fields: [] },
    });
    await requestStockNotify('/api/stock-notify', FIELDS, FAILED);
    expect($stockNotify.get()).toEqual({ status: 'refused', message: 'Забагато запитів', field: null });
  });

  it('a second tap while the first is on its way sends nothing', async () => {
    let answer: (value: { ok: true; value: string }) => void = () => undefined;
    call.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const first = requestStockNotify('/api/stock-notify', FIELDS, FAILED);
    await requestStockNotify('/api/stock-notify', FIELDS, FAILED);
    expect(call).toHaveBeenCalledTimes(1);
    answer({ ok: true, value: 'ok' });
    await first;
    expect($stockNotify.get()).toEqual({ status: 'saved', message: 'ok' });
  });
});
