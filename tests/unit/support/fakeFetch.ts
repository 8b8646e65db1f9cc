import type { FetchHandler } from '../../../src/api/embedded.ts';

/** A recorded request: what went over the (fake) wire. */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A fake fetch that records every request and answers with `handler`. No network. */
export function fakeFetch(handler: (sent: Sent, request: Request) => Response | Promise<Response>): {
  fetch: FetchHandler;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  const fetch: FetchHandler = async (request) => {
    const record: Sent = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    };
    sent.push(record);
    return handler(record, request);
  };
  return { fetch, sent };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch that never answers on its own and rejects only when the request's signal aborts. */
export const waitForAbort: FetchHandler = (request) =>
  new Promise<Response>((_resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a fetch rejects with the signal's own reason (typed any), so the fake does too
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
