import { describe, expect, it } from 'vitest';
import { fetchPageHtml, PageHtmlError } from '../../src/api/pageHtml.ts';

const URL_ = 'https://shop.test/odezhda/page-2';

/** A fetch answering `response`, recording the request it was given. */
function transport(answer: (init: RequestInit | undefined) => Response | Promise<Response>) {
  const calls: { input: string; init: RequestInit | undefined }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push({ input: input instanceof Request ? input.url : String(input), init });
    return Promise.resolve(answer(init));
  };
  return { fetch, calls };
}

const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

/** A fetch that answers only by rejecting when its signal aborts. */
const never: typeof globalThis.fetch = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a fetch rejects with the signal's own reason (typed any), so the fake does too
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });

async function failure(promise: Promise<unknown>): Promise<PageHtmlError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PageHtmlError);
  return error as PageHtmlError;
}

describe('fetching a page as HTML', () => {
  it('answers the page without its inline styles: the first screen’s CSS is not this page’s to apply', async () => {
    const { fetch } = transport(() =>
      html(
        '<head><style>.a{color:red}</style><link rel="stylesheet" href="/_astro/a.css"></head><h1 class="a">Одежда</h1><style media="x">b{}</style>',
      ),
    );
    const page = await fetchPageHtml(URL_, { fetch });
    expect(page.html).toBe('<head><link rel="stylesheet" href="/_astro/a.css"></head><h1 class="a">Одежда</h1>');
  });

  it('asks for HTML on the same origin and answers the body', async () => {
    const { fetch, calls } = transport(() => html('<h1>Одежда</h1>'));
    const page = await fetchPageHtml(URL_, { fetch });
    expect(page.html).toBe('<h1>Одежда</h1>');
    expect(page.url).toBe(URL_); // a synthetic Response has no url: the asked URL stands in
    expect(new Headers(calls[0]?.init?.headers).get('accept')).toBe('text/html');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
  });

  it('says "http" with the status for a page that does not exist (any more)', async () => {
    const { fetch } = transport(() => html('not found', 404));
    const error = await failure(fetchPageHtml(URL_, { fetch }));
    expect(error).toMatchObject({ kind: 'http', status: 404, url: URL_ });
  });

  it('says "notHtml" for an answer that is not a page', async () => {
    const { fetch } = transport(
      () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(await failure(fetchPageHtml(URL_, { fetch }))).toMatchObject({ kind: 'notHtml', status: 200 });
  });

  it('says "timeout" when no answer comes in time', async () => {
    const error = await failure(fetchPageHtml(URL_, { fetch: never, timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('20 ms');
  });

  it('says "aborted" when the caller cancels (a newer navigation)', async () => {
    const controller = new AbortController();
    const promise = fetchPageHtml(URL_, { fetch: never, signal: controller.signal });
    controller.abort();
    expect((await failure(promise)).kind).toBe('aborted');
  });

  it('says "network" when the request cannot be made', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failure(fetchPageHtml(URL_, { fetch }));
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.message).toContain('Failed to fetch');
  });
});
