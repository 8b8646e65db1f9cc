import { describe, expect, it } from 'vitest';
import { REDACTED, redactFields, redactTarget, redactText } from '../../src/log/redact.ts';

describe('log redaction (issue 26)', () => {
  it('masks full phone numbers, keeping the last four digits', () => {
    expect(redactText('order for 380501234567 placed')).toBe('order for 380*****4567 placed');
    expect(redactText('call +380671112233')).toBe('call 380*****2233');
    expect(redactText('тел. +38 (050) 123-45-67')).toBe('тел. 380*****4567');
    expect(redactText('050 123 45 67')).toBe('*****4567');
  });

  it('leaves ordinary numbers, dates and service error codes alone', () => {
    const line = 'HTTP 404 (code 404: not found) at 2026-11-28T01:20:33Z, order 12345, 3 items, 120 ms';
    expect(redactText(line)).toBe(line);
  });

  it('hides tokens, passwords, codes and credentials said in text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const out = redactText(
      `Authorization: Bearer abc.def-123 token=s3cr3t "password":"hunter2" code: 424242 код 9876 refreshToken=${jwt}`,
    );
    for (const secret of ['abc.def-123', 's3cr3t', 'hunter2', '424242', '9876', jwt]) expect(out).not.toContain(secret);
    expect(redactText('sent with Bearer abc.def-123;')).toBe(`sent with Bearer ${REDACTED};`);
    // Lines may pass the rules twice (a redacted target inside a redacted message): nothing changes.
    expect(redactText(out)).toBe(out);
  });

  it('masks the secret parameters of a request target and the phones in it', () => {
    expect(redactTarget('/ua/oauth/callback?code=abc123&state=xyz&lang=uk')).toBe(
      `/ua/oauth/callback?code=${REDACTED}&state=${REDACTED}&lang=uk`,
    );
    expect(redactTarget('/account/confirm?token=t0k3n')).toBe(`/account/confirm?token=${REDACTED}`);
    expect(redactTarget('/search?q=380501234567')).toBe('/search?q=380*****4567');
    expect(redactTarget('/catalog/odezhda')).toBe('/catalog/odezhda');
  });

  it('replaces the values of secret fields at any depth and redacts every string and error', () => {
    const out = redactFields({
      headers: { authorization: 'Bearer x', cookie: 'sid=1', accept: 'text/html' },
      body: { phone: '380501234567', password: 'p', smsCode: '1234', nested: [{ refreshToken: 'r' }] },
      err: new Error('no answer for 380501234567'),
      status: 500,
    });
    expect(out).toMatchObject({
      headers: { authorization: REDACTED, cookie: REDACTED, accept: 'text/html' },
      body: { phone: '380*****4567', password: REDACTED, smsCode: REDACTED, nested: [{ refreshToken: REDACTED }] },
      err: { type: 'Error', message: 'no answer for 380*****4567' },
      status: 500,
    });
  });
});
