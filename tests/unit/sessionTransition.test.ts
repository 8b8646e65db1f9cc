import { describe, expect, it } from 'vitest';
import { AUTH_CHANGE_EVENT } from '../../src/stores/auth.ts';
import { hasCustomerHint, SESSION_CHANGE_EVENT } from '../../src/domain/session/customerHint.ts';
import { sessionTransition } from '../../src/domain/session/sessionTransition.ts';

describe('sessionTransition: what a change of the session means for the data kept per customer', () => {
  it.each([
    ['a sign-in on an anonymous basket merges it', null, '7', false, { kind: 'login', customer: '7' }],
    ['a page of the same signed-in customer changes nothing', '7', '7', false, { kind: 'none' }],
    ["another customer's sign-in takes the anonymous basket", '7', '8', true, { kind: 'login', customer: '8' }],
    ['a sign-out seen on this page clears the basket', '7', null, true, { kind: 'logout', customer: '7' }],
    ['a session found gone keeps the basket for the next sign-in', '7', null, false, { kind: 'ended', customer: '7' }],
    ['an anonymous page stays anonymous', null, null, false, { kind: 'none' }],
  ] as const)('%s', (_name, owner, signedIn, saw, expected) => {
    expect(sessionTransition(owner, signedIn, saw)).toEqual(expected);
  });
});

describe('the customer hint', () => {
  it.each([
    ['bbs_customer=1', true],
    ['a=b; bbs_customer=1; c=d', true],
    ['bbs_customer=0', false],
    ['xbbs_customer=1', false],
    ['', false],
  ])('%s → %s', (cookie, hint) => {
    expect(hasCustomerHint(cookie)).toBe(hint);
  });

  it("names the auth store's change event (the header listens without loading the store)", () => {
    expect(SESSION_CHANGE_EVENT).toBe(AUTH_CHANGE_EVENT);
  });
});
