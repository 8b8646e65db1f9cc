import { describe, expect, it } from 'vitest';
import { hasSignedOutMark, SIGNED_OUT_COOKIE } from '../../src/domain/session/customerHint.ts';
import { loginFlow, logoutFlow } from '../../src/server/session/sessionFlows.ts';
import { readShopperTokens } from '../../src/server/session/shopperTokens.ts';
import { FakeSession, FakeUserService, PASSWORD, PHONE, authRequest } from './support/authFakes.ts';

describe('POST /api/auth/logout as a plain form (the profile page ships no script)', () => {
  it('signs out and answers 303 to the main page of the page’s language, leaving the sign-out mark', async () => {
    const service = new FakeUserService();
    const session = new FakeSession();
    await loginFlow.run(
      authRequest(service, session, {
        method: 'POST',
        path: '/api/auth/login',
        body: { login: PHONE, password: PASSWORD },
      }),
    );
    expect(await readShopperTokens({ session })).not.toBeNull();
    const ctx = authRequest(service, session, {
      method: 'POST',
      path: '/api/auth/logout?locale=uk',
      rawBody: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      locale: 'uk',
    });
    const response = await logoutFlow.run(ctx);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/ua/');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await readShopperTokens({ session })).toBeNull();
    expect(ctx.cookies.set_.get(SIGNED_OUT_COOKIE)).toMatchObject({
      value: '1',
      options: { httpOnly: false, path: '/' },
    });
  });

  it('a JSON request still gets the JSON answer', async () => {
    const response = await logoutFlow.run(
      authRequest(new FakeUserService(), new FakeSession(), { method: 'POST', path: '/api/auth/logout', body: {} }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/json');
  });

  it('the next page reads the mark from document.cookie', () => {
    expect(hasSignedOutMark('a=1; bbs_signed_out=1')).toBe(true);
    expect(hasSignedOutMark('bbs_signed_out=0; bbs_customer=1')).toBe(false);
  });
});
