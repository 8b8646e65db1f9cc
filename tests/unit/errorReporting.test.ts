import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorReporter, report, type ReportFacts } from '../../src/log/report.ts';
import { scrubEvent } from '../../src/log/scrubEvent.ts';
import { readErrorDsn, withConnectOrigin } from '../../src/server/errors/errorDsn.ts';

afterEach(() => registerErrorReporter(null));

describe('report', () => {
  it('does nothing without a reporter, hands the error and facts to one, and never throws', () => {
    expect(() => report(new Error('nobody listens'), { failure: 'page' })).not.toThrow();
    const seen: [unknown, ReportFacts][] = [];
    registerErrorReporter({ capture: (error, facts) => seen.push([error, facts]) });
    const failure = new Error('products');
    report(failure, { failure: 'products' });
    expect(seen).toEqual([[failure, { failure: 'products' }]]);
    registerErrorReporter({
      capture: () => {
        throw new Error('the reporter broke');
      },
    });
    expect(() => report(failure, { failure: 'products' })).not.toThrow();
  });
});

describe('SENTRY_DSN', () => {
  it('is a DSN with a public key and a project, or unset/blank; anything else names the variable', () => {
    expect(readErrorDsn('https://abc123@o1.ingest.sentry.io/4501')).toEqual({
      dsn: 'https://abc123@o1.ingest.sentry.io/4501',
      origin: 'https://o1.ingest.sentry.io',
    });
    expect(readErrorDsn('http://key@127.0.0.1:9000/1')?.origin).toBe('http://127.0.0.1:9000');
    expect(readErrorDsn(undefined)).toBeNull();
    expect(readErrorDsn('  ')).toBeNull();
    for (const wrong of [
      'not a url',
      'https://sentry.io/1',
      'ftp://k@host/1',
      'https://k@host/',
      'https://k:secret@host/1',
    ]) {
      expect(() => readErrorDsn(wrong), wrong).toThrow(/SENTRY_DSN/);
    }
  });

  it("adds the collector's origin to connect-src once", () => {
    const policy = "default-src 'self'; connect-src 'self'; object-src 'none'";
    const allowed = withConnectOrigin(policy, 'https://o1.ingest.sentry.io');
    expect(allowed).toBe("default-src 'self'; connect-src 'self' https://o1.ingest.sentry.io; object-src 'none'");
    expect(withConnectOrigin(allowed, 'https://o1.ingest.sentry.io')).toBe(allowed);
    expect(withConnectOrigin("default-src 'self'", 'https://c.example')).toBe(
      "default-src 'self'; connect-src 'self' https://c.example",
    );
  });
});

describe('scrubEvent', () => {
  it('drops the user, the request and breadcrumbs, and redacts phones, tokens and codes everywhere else', () => {
    const scrubbed = scrubEvent({
      event_id: 'e1',
      message: 'order for +38 (050) 123-45-67 failed',
      user: { ip_address: '203.0.113.9', id: '42' },
      request: { url: 'https://shop/email-confirm/tok', cookies: { bbs_session: 's' }, headers: { Cookie: 'a=b' } },
      breadcrumbs: [{ message: 'GET /svc/user?phone=380501234567' }],
      tags: { request_id: 'r-1', page_kind: 'checkout', failure: 'order' },
      exception: { values: [{ type: 'ApiError', value: 'refused: token=abc.def code 123456 for 380501234567' }] },
      extra: { password: 'hunter2', refreshToken: 'rt' },
    });
    expect(scrubbed).not.toHaveProperty('user');
    expect(scrubbed).not.toHaveProperty('request');
    expect(scrubbed).not.toHaveProperty('breadcrumbs');
    expect(scrubbed.tags).toEqual({ request_id: 'r-1', page_kind: 'checkout', failure: 'order' });
    const text = JSON.stringify(scrubbed);
    for (const secret of ['123-45-67', '380501234567', 'abc.def', '123456', 'hunter2', '"rt"']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(scrubbed.exception.values[0]?.value).toContain('380*****4567');
  });
});
