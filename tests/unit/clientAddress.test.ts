import { describe, expect, it } from 'vitest';
import { clientAddressOf, parseTrustProxy, TrustProxyError } from '../../src/server/launcher/clientAddress.ts';

/**
 * One client address per request (DESIGN §7, issue 23): the connection's peer, or behind the proxies
 * TRUST_PROXY names, the address the nearest untrusted hop was seen from. Whatever a client puts
 * into X-Forwarded-For itself is never believed past the trusted hops.
 */

const none = parseTrustProxy(undefined);

describe('clientAddressOf', () => {
  it.each([
    ['no header', undefined, '203.0.113.7'],
    ['a forged header', '198.51.100.1', '203.0.113.7'],
    ['a forged chain', '198.51.100.1, 198.51.100.2', '203.0.113.7'],
  ])('with no proxy trusted, %s: the peer is the client', (_what, header, expected) => {
    expect(clientAddressOf('203.0.113.7', header, none)).toBe(expected);
  });

  it('with one proxy in front, the entry that proxy appended is the client, not what the client wrote before it', () => {
    const one = parseTrustProxy('1');
    // nginx at 10.0.0.2 saw the shopper at 203.0.113.7; the shopper claimed 1.2.3.4 first.
    expect(clientAddressOf('10.0.0.2', '1.2.3.4, 203.0.113.7', one)).toBe('203.0.113.7');
    expect(clientAddressOf('10.0.0.2', '203.0.113.7', one)).toBe('203.0.113.7');
    // Several X-Forwarded-For headers are one list, in order.
    expect(clientAddressOf('10.0.0.2', ['1.2.3.4', '203.0.113.7'], one)).toBe('203.0.113.7');
  });

  it("with two hops (a CDN, then nginx), the CDN's entry is the client", () => {
    const two = parseTrustProxy('2');
    expect(clientAddressOf('10.0.0.2', '9.9.9.9, 203.0.113.7, 172.16.0.5', two)).toBe('203.0.113.7');
    // Fewer entries than hops: the leftmost there is, never beyond the list.
    expect(clientAddressOf('10.0.0.2', '203.0.113.7', two)).toBe('203.0.113.7');
  });

  it('with proxies named by address, walks from the right past every trusted one', () => {
    const named = parseTrustProxy('10.0.0.0/8, loopback');
    expect(clientAddressOf('127.0.0.1', '5.5.5.5, 203.0.113.7, 10.1.2.3', named)).toBe('203.0.113.7');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientAddressOf('198.51.100.9', '203.0.113.7', named)).toBe('198.51.100.9');
  });

  it('reads an IPv4 peer of a dual-stack socket as IPv4, and anything that is not an address as one unknown client', () => {
    expect(clientAddressOf('::ffff:203.0.113.7', undefined, none)).toBe('203.0.113.7');
    expect(clientAddressOf(undefined, undefined, none)).toBe('unknown');
    expect(clientAddressOf('10.0.0.2', 'evil, 203.0.113.7', parseTrustProxy('2'))).toBe('unknown');
    expect(clientAddressOf('10.0.0.2', 'not-an-ip', parseTrustProxy('1'))).toBe('unknown');
  });
});

describe('parseTrustProxy', () => {
  it.each([undefined, '', ' ', '0', 'none', 'NONE'])('%j means no proxy', (value) => {
    expect(parseTrustProxy(value)).toEqual({ kind: 'none' });
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '11', '1.5', '::1/200'])('refuses %j', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(TrustProxyError);
  });
});
