/** @vitest-environment happy-dom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../src/api/schemas/session.ts';
import { SESSION_CHANGE_EVENT } from '../../src/domain/session/customerHint.ts';
import { onSessionChange } from '../../src/stores/sessionEffects.ts';

/**
 * Storefront spec §4, accounts §4: on login "the delivery city is set from the default location"
 * (issue 25: the browser's remembered city, the `bbs_city` cookie).
 */

const signedIn = (cityId: number | null): SessionState => ({
  signedIn: true,
  bonusGranted: false,
  shopper: {
    id: 41,
    firstName: 'Олена',
    lastName: 'Демченко',
    phone: '380501112233',
    email: '',
    isMember: false,
    subscriptionDiscount: false,
    hasPassword: true,
    defaultLocation:
      cityId === null
        ? null
        : {
            id: 1,
            isDefault: true,
            city: 'Львів',
            cityRef: 'lviv',
            cityId,
            region: 'Львівська',
            district: '',
            type: 1,
            deliveryMethodSlug: 'np-warehouse',
            carrier: 1,
            street: '',
            streetRef: '',
            streetTypeName: '',
            building: '',
            apartment: '',
            branchRef: 'np-3',
            branch: 'Відділення №3',
            shopRef: '',
          },
  },
});

const change = (state: SessionState) =>
  onSessionChange(new CustomEvent<SessionState>(SESSION_CHANGE_EVENT, { detail: state }));

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'bbs_city=; Max-Age=0; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('no network'))),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  change({ signedIn: false });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in and the delivery city', () => {
  it('remembers the default location’s city', () => {
    change(signedIn(4321));
    expect(document.cookie).toContain('bbs_city=4321');
  });

  it('leaves the remembered city alone without a default location', () => {
    document.cookie = 'bbs_city=777; path=/';
    change(signedIn(null));
    expect(document.cookie).toContain('bbs_city=777');
  });
});
