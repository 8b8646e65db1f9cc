import { describe, expect, it } from 'vitest';
import { hasBearerToken } from '../../src/api/bearerToken.ts';

// One check guards the services' admin APIs and the storefront's POST /api/revalidate.
describe('hasBearerToken', () => {
  const token = 's3cret-token';

  it('accepts the configured token, whatever the case of the scheme name', () => {
    expect(hasBearerToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`BEARER  ${token} `, token)).toBe(true);
  });

  it.each([
    ['another token', 'Bearer s3cret-tokeN'],
    ['a prefix of it', 'Bearer s3cret'],
    ['it followed by more', `Bearer ${token}x`],
    ['two tokens', `Bearer ${token} ${token}`],
    ['no scheme', token],
    ['another scheme', `Basic ${token}`],
    ['the scheme alone', 'Bearer '],
    ['an empty header', ''],
  ])('refuses %s', (_, header) => {
    expect(hasBearerToken(header, token)).toBe(false);
  });

  it('refuses a missing header', () => {
    expect(hasBearerToken(null, token)).toBe(false);
    expect(hasBearerToken(undefined, token)).toBe(false);
  });

  it('authorises nobody when no token is configured', () => {
    expect(hasBearerToken('Bearer ', '')).toBe(false);
    expect(hasBearerToken('Bearer undefined', undefined)).toBe(false);
    expect(hasBearerToken('Bearer x', '')).toBe(false);
  });
});
