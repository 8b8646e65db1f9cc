import { describe, expect, it } from 'vitest';
import { customerHintOf, hasCustomerHint, sessionNeedsLook } from '../../src/domain/session/customerHint.ts';
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
    ['bbs_customer=1', '1'],
    ['a=b; bbs_customer=Qx3_k-9aZ0bC1d2E; c=d', 'Qx3_k-9aZ0bC1d2E'],
    ['bbs_customer=', null],
    ['bbs_customer=<script>', null],
    [`bbs_customer=${'a'.repeat(33)}`, null],
    ['xbbs_customer=1', null],
    ['', null],
  ])('%s → %s', (cookie, tag) => {
    expect(customerHintOf(cookie)).toBe(tag);
    expect(hasCustomerHint(cookie)).toBe(tag !== null);
  });

  it.each([
    ['a sign-in this browser has not looked at', 'new', 'old', '7', true],
    ['the first sign-in of this browser', 'new', null, null, true],
    ['the same sign-in as the last page', 'same', 'same', '7', false],
    ['signed out while a customer basket is in use', null, 'old', '7', true],
    ['an anonymous visitor', null, null, null, false],
  ] as const)('looks at the session on %s', (_name, hint, seen, owner, look) => {
    expect(sessionNeedsLook(hint, seen, owner)).toBe(look);
  });
});
