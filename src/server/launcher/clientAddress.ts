import { BlockList, isIP } from 'node:net';

/**
 * Who the client of a request is (DESIGN §7: one client address per request, decided once). Every
 * per-address limit, the storefront's and the embedded services', counts by this address, so it
 * must be one a client cannot choose: the connection's own peer, or, behind proxies the operator
 * named in `TRUST_PROXY`, the address the nearest untrusted hop was seen from.
 *
 * `X-Forwarded-For` grows to the right: each proxy appends the peer it saw. Read from the right,
 * the entries appended by trusted proxies are believed; the first one that is not a trusted proxy
 * is the client. Whatever the client itself put at the left is never reached past that point.
 */

export type TrustProxy =
  /** No proxy in front (the default): the connection's peer is the client. */
  | { kind: 'none' }
  /** This many proxies in front, whatever their addresses (a CDN then nginx: 2). */
  | { kind: 'hops'; hops: number }
  /** Proxies known by address or network (`10.0.0.0/8`, `127.0.0.1`, `::1`). */
  | { kind: 'addresses'; list: BlockList; text: string };

/** Refused `TRUST_PROXY` value: the message names what is wrong. */
export class TrustProxyError extends Error {}

/** `::ffff:203.0.113.7` (an IPv4 peer on a dual-stack socket) is `203.0.113.7`. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function addToList(list: BlockList, item: string): void {
  const [address = '', prefix] = item.split('/');
  const family = isIP(address);
  if (family === 0) throw new TrustProxyError(`"${item}" is not an IP address or network`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
    throw new TrustProxyError(`"${item}" has no valid prefix length`);
  }
  list.addSubnet(address, bits, type);
}

/**
 * Reads `TRUST_PROXY`: unset, blank, `0` or `none` = no proxy; a whole number = that many hops; a
 * comma-separated list of addresses and CIDR networks (`loopback` = 127.0.0.0/8 and ::1) = those
 * proxies. Throws TrustProxyError for anything else, so a typo stops the start instead of
 * believing every header (or none).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'none') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new TrustProxyError(`${hops} proxies in front is not a real setup (at most 10)`);
    return { kind: 'hops', hops };
  }
  const list = new BlockList();
  for (const raw of text.split(',')) {
    const item = raw.trim().toLowerCase();
    if (item === '') continue;
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
    } else addToList(list, item);
  }
  return { kind: 'addresses', list, text };
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The entries of X-Forwarded-For headers (several headers count as one list, in order). */
function forwardedEntries(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map(normalizeAddress)
    .filter((entry) => entry !== '');
}

/** A placeholder that counts every request without a usable address as one client (the strict side). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The client's address: `peer` is the connection's remote address, `forwardedFor` the request's
 * X-Forwarded-For header(s). Entries that are not IP addresses end the walk (a proxy never
 * appends one), and the address the walk stopped at is the client.
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string {
  const chain = [...forwardedEntries(forwardedFor), normalizeAddress(peer ?? '')];
  const usable = (address: string | undefined) =>
    address !== undefined && isIP(address) !== 0 ? address : UNKNOWN_ADDRESS;
  if (trust.kind === 'none') return usable(chain.at(-1));
  let index = chain.length - 1;
  if (trust.kind === 'hops') {
    index = Math.max(0, chain.length - 1 - trust.hops);
    // The walk stops early at an entry that is not an address.
    for (let i = chain.length - 1; i > index; i--) if (isIP(chain[i] ?? '') === 0) return usable(chain[i]);
    return usable(chain[index]);
  }
  while (index > 0 && isTrusted(trust.list, chain[index] ?? '')) index--;
  return usable(chain[index]);
}
