import type http from 'node:http';

/**
 * Headers only the launcher (src/server/launcher/httpServer.ts) sets on a request before it reaches
 * Astro or the embedded services: what it decided once, in one place (DESIGN §7). Any copy a
 * client sent is removed first, so nothing downstream believes a client's own claim.
 */

/** The client's address as decided from the peer and TRUST_PROXY (src/server/launcher/clientAddress.ts). */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';

/** Present on a request whose Host is not the site's: answered without any cache (src/server/request/siteOrigin.ts). */
export const UNKNOWN_HOST_HEADER = 'x-shop-unknown-host';

const LAUNCHER_PREFIX = 'x-shop-';

/**
 * Replaces header `name` of a Node request (all its copies) by `value`, or removes it when `value`
 * is null. Both views are changed: `req.headers` (Astro's node adapter builds its Request from it)
 * and `req.rawHeaders` (Hono's node adapter builds its Request from that one), so no reader of the
 * request sees the client's copy.
 */
export function replaceRequestHeader(req: http.IncomingMessage, name: string, value: string | null): void {
  const lower = name.toLowerCase();
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const key = req.rawHeaders[i] ?? '';
    if (key.toLowerCase() !== lower) raw.push(key, req.rawHeaders[i + 1] ?? '');
  }
  if (value !== null) raw.push(name, value);
  req.rawHeaders = raw;
  if (value === null) Reflect.deleteProperty(req.headers, lower);
  else req.headers[lower] = value;
}

/** Removes every `x-shop-*` header a client sent: those names are the launcher's alone. */
export function dropLauncherHeaders(req: http.IncomingMessage): void {
  const names = new Set<string>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const key = (req.rawHeaders[i] ?? '').toLowerCase();
    if (key.startsWith(LAUNCHER_PREFIX)) names.add(key);
  }
  for (const name of Object.keys(req.headers)) if (name.startsWith(LAUNCHER_PREFIX)) names.add(name);
  for (const name of names) replaceRequestHeader(req, name, null);
}
