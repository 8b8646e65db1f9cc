import { withSource } from '../request/cspPolicy.ts';
import { criticalCss, type ReadStylesheet } from './criticalCss.ts';
import { deferredStylesheets, styleHash } from './deferredStylesheets.ts';
import { firstScreenDocument } from './firstScreen.ts';
import { FIRST_SCREEN_END } from './firstScreenMarker.ts';

/**
 * A page's stylesheet links as Astro writes them into its head: the build's hashed CSS files.
 * Anything else (a sheet an island adds later, a link of another kind) is left alone.
 */
const LINK = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)">/g;

/**
 * The page's head with its stylesheet links replaced by the first screen's rules inline and the
 * full sheets deferred (deferredStylesheets.ts); null when there is nothing to do (no head, no
 * build stylesheet) or a stylesheet cannot be read — the page is then served as it was.
 */
export async function withCriticalCss(
  firstPart: string,
  read: ReadStylesheet,
): Promise<{ html: string; styleHash: string } | null> {
  const headEnd = firstPart.indexOf('</head>');
  if (headEnd === -1) return null;
  const head = firstPart.slice(0, headEnd);
  const hrefs = [...head.matchAll(LINK)].map((match) => match[1] ?? '');
  if (hrefs.length === 0 || hrefs.some((href) => read(href) === undefined)) return null;
  const critical = await criticalCss(firstScreenDocument(firstPart), read);
  let placed = false;
  const rewritten = head.replace(LINK, () => {
    if (placed) return '';
    placed = true;
    return deferredStylesheets(critical, hrefs);
  });
  return { html: rewritten + firstPart.slice(headEnd), styleHash: styleHash(critical) };
}

/** Reads a text stream up to and including `marker` (or to its end): the text read and the unread rest. */
async function readThrough(
  reader: ReadableStreamDefaultReader<string>,
  marker: string,
): Promise<{ text: string; done: boolean }> {
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { text, done: true };
    text += value;
    if (text.includes(marker)) return { text, done: false };
  }
}

/**
 * `response` (a public HTML page) with its first screen's CSS inline and the rest deferred, its
 * policy allowing the new style. The page is held only up to its first-screen
 * marker (the rules come from the markup before it); what follows streams through as it comes.
 */
export async function inlineCriticalCss(response: Response, read: ReadStylesheet): Promise<Response> {
  if (response.body === null) return response;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const { text, done } = await readThrough(reader, FIRST_SCREEN_END);
  const page = await withCriticalCss(text, read);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const policy = headers.get('Content-Security-Policy');
  if (page && policy !== null) {
    headers.set('Content-Security-Policy', withSource(policy, 'style-src', "'self'", page.styleHash));
  }
  const first = page ? page.html : text;
  const body = new ReadableStream<string>({
    start(controller) {
      controller.enqueue(first);
      if (done) controller.close();
    },
    async pull(controller) {
      const { value, done: ended } = await reader.read();
      if (ended) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body.pipeThrough(new TextEncoderStream()), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
