import { laterFiles, LATER_SCRIPT_HASH } from '../scripts/laterScripts.ts';
import { withSource } from './cspPolicy.ts';
import { inlineHashes, withOwnHashes } from './ownHashes.ts';

/**
 * The last steps of a public page (issue 27), on its whole text (the wire cache holds every public
 * page entire before sending it anyway): its script files, icon and manifest wait for its first
 * picture (laterScripts.ts), and its policy names only the inline scripts and styles it has
 * (ownHashes.ts).
 */
export async function publicPageTail(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const html = laterFiles(await response.text());
  const headers = new Headers(response.headers);
  const policy = headers.get('Content-Security-Policy');
  if (policy !== null) {
    const withLater = withSource(policy, 'script-src', "'self'", LATER_SCRIPT_HASH);
    headers.set('Content-Security-Policy', withOwnHashes(withLater, inlineHashes(html)));
  }
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
