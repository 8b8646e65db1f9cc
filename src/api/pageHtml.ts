/**
 * Fetches a storefront page's server-rendered HTML for the catalogue enhancer (HTML over the wire:
 * the page the browser would load anyway, from the route cache, so product cards are rendered once,
 * on the server). Not a service call: the shop's own pages answer it, so it has its own small error
 * type instead of ApiError, and it pulls neither zod nor the service transport into the bundle.
 */

/** Generous for a slow phone, short enough that falling back to a normal page load still helps. */
export const PAGE_HTML_TIMEOUT_MS = 10_000;

/**
 * - `http`: the page answered with a non-2xx status (a 404 for a state that no longer exists);
 * - `timeout`: no complete answer within the timeout;
 * - `network`: the request could not be made;
 * - `aborted`: the caller cancelled it (a newer navigation took over);
 * - `notHtml`: the answer was not an HTML page.
 */
export type PageHtmlErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'notHtml';

export class PageHtmlError extends Error {
  override readonly name = 'PageHtmlError';
  readonly kind: PageHtmlErrorKind;
  readonly url: string;
  /** HTTP status, 0 when there was no response. */
  readonly status: number;

  constructor(kind: PageHtmlErrorKind, url: string, status: number, detail: string, cause?: unknown) {
    super(`page ${url}: ${detail}`, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.url = url;
    this.status = status;
  }
}

/** A fetched page: its final URL (after a redirect to the canonical spelling) and its HTML. */
export interface FetchedPage {
  url: string;
  html: string;
}

export interface PageHtmlOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** The transport; the global fetch by default. */
  fetch?: typeof fetch | undefined;
}

/**
 * A page's HTML without its inline `<style>` elements. A public page carries its first screen's
 * CSS inline (src/server/styles/), whose hash is in that page's policy and not in the one of the
 * page that fetched it, and Chrome reports a policy violation even for a style in a document that
 * is only parsed. The parts a caller takes are styled by its own page's stylesheets.
 */
export function withoutInlineStyles(html: string): string {
  return html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
}

/** `GET href` as HTML (without inline styles), under a timeout (the body is read inside it too); every failure is a PageHtmlError. */
export async function fetchPageHtml(href: string, options: PageHtmlOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? PAGE_HTML_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const transport = options.fetch ?? fetch;
  try {
    const response = await transport(href, {
      headers: { Accept: 'text/html' },
      credentials: 'same-origin',
      redirect: 'follow',
      signal,
    });
    if (!response.ok) throw new PageHtmlError('http', href, response.status, `HTTP ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/html')) {
      throw new PageHtmlError('notHtml', href, response.status, `expected text/html, got "${type}"`);
    }
    return { url: response.url || href, html: withoutInlineStyles(await response.text()) };
  } catch (error) {
    if (error instanceof PageHtmlError) throw error;
    if (options.signal?.aborted) throw new PageHtmlError('aborted', href, 0, 'cancelled', error);
    if (timeout.aborted) throw new PageHtmlError('timeout', href, 0, `no answer within ${timeoutMs} ms`, error);
    const detail = error instanceof Error ? error.message : String(error);
    throw new PageHtmlError('network', href, 0, detail, error);
  }
}
