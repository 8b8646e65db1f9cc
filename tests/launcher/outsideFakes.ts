import http from 'node:http';

/**
 * The world outside a production shop, as servers on 127.0.0.1 that the shop's adapters call (issue
 * 23: production runs no sandbox): an SMS gateway, a mailer, a bot-check provider (its script and its
 * verifier), an OAuth provider and a payment gateway. Each records what it was sent.
 */

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface Fake {
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

export async function fakeServer(reply: (request: Seen) => Reply): Promise<Fake> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const request: Seen = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const answer = reply(request);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A bot-check provider with Turnstile's browser API: its script renders a button that, pressed,
 * hands the page a token (`token-1`, `token-2` …); its verifier passes exactly those tokens.
 */
export const CAPTCHA_SCRIPT = `
window.turnstile = (() => {
  let issued = 0;
  const widgets = new Map();
  return {
    render(container, options) {
      const id = 'w' + (widgets.size + 1);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I am human (' + options.sitekey + ')';
      button.addEventListener('click', () => options.callback('token-' + ++issued));
      container.append(button);
      widgets.set(id, button);
      return id;
    },
    reset() {},
    remove(id) { widgets.get(id)?.remove(); widgets.delete(id); },
  };
})();
`;
