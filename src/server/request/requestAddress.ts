import { CLIENT_ADDRESS_HEADER } from '../launcher/launcherHeaders.ts';

/**
 * The client's address of a request, as the launcher decided it once (src/server/launcher/clientAddress.ts,
 * TRUST_PROXY) and handed over in its own header, which no client can set (the launcher drops a
 * client's copy). Astro's own `clientAddress` is the connection's peer: behind a proxy that is the
 * proxy, and every shopper would share one limit. Only Astro's dev server, which runs no launcher,
 * falls back to it.
 */
export function requestClientAddress(request: Request, peer: () => string | undefined): string | null {
  const decided = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (decided !== null && decided !== '') return decided;
  try {
    return peer() ?? null;
  } catch {
    // An adapter that cannot tell: the services then count the request as an unknown address.
    return null;
  }
}
