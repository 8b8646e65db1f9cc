import { EMBEDDED_ORIGIN } from '../../api/config.ts';
import { embeddedFetch } from '../../api/embedded.ts';

/**
 * Which originals the image service may fetch, and fetching them. Never an open proxy: a source
 * is either a path of the embedded search service's image route (answered in process) or a URL
 * on one of the configured origins (the search service's own when it runs elsewhere, and
 * IMAGE_SOURCE_ORIGINS).
 */

/** Where the embedded search service serves pictures on the shop's own origin. */
const OWN_IMAGE_PATH = /^\/svc\/search\/public\/images\/[a-z0-9-]+\.jpg$/;

/** The largest original the service will read: a real photo is far below it, a hostile one is cut off. */
const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
const SOURCE_TIMEOUT_MS = 10_000;

/** A checked source: the URL to fetch and whether it is answered in process. */
export interface ImageSource {
  url: string;
  embedded: boolean;
}

/** The source `src` names, or null when it is not one the service may fetch. */
export function allowedSource(src: string, origins: readonly string[]): ImageSource | null {
  if (OWN_IMAGE_PATH.test(src)) return { url: `${EMBEDDED_ORIGIN}${src}`, embedded: true };
  if (!URL.canParse(src)) return null;
  const url = new URL(src);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return origins.some((origin) => URL.canParse(origin) && new URL(origin).origin === url.origin)
    ? { url: url.href, embedded: false }
    : null;
}

/** Why an original could not be had: the source answered badly (502) or is too big or not a picture (422). */
export class SourceError extends Error {
  readonly status: 422 | 502;
  constructor(status: 422 | 502, message: string) {
    super(message);
    this.status = status;
  }
}

/** The original's bytes. */
export async function fetchSource(source: ImageSource): Promise<ArrayBuffer> {
  const request = new Request(source.url, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
  const inProcess = source.embedded ? embeddedFetch() : undefined;
  if (source.embedded && !inProcess) throw new SourceError(502, 'the embedded services are not running here');
  const response = await (inProcess ?? globalThis.fetch)(request).catch((error: unknown) => {
    throw new SourceError(502, `the image host did not answer: ${String(error)}`);
  });
  if (!response.ok)
    throw new SourceError(response.status === 404 ? 422 : 502, `the image host answered ${response.status}`);
  const length = Number(response.headers.get('Content-Length') ?? 0);
  if (length > MAX_SOURCE_BYTES) throw new SourceError(422, 'the original is too large');
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > MAX_SOURCE_BYTES) throw new SourceError(422, 'the original is too large');
  return bytes;
}
