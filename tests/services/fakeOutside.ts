import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { SANDBOX_WORLD } from '../../src/services/outside/outsideWorld.ts';
import type { OutsideWorld } from '../../src/services/outside/outsideWorld.ts';

/**
 * Stand-ins for the world outside the user service, as real HTTP servers on 127.0.0.1 (an SMS
 * gateway, a mailer, a bot-check verifier, an OAuth provider): each records what it was sent and
 * answers what the test tells it, so the service's adapters are tested over the wire as they run.
 */

export interface Received {
  method: string;
  /** The path with its query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer, or 'hang': the request is never answered (a gateway slower than any budget). */
export type FakeAnswer = { status: number; json?: unknown; text?: string } | 'hang';

export interface FakeServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  received: Received[];
  /** Replaces how the server answers from now on. */
  answer(handler: (request: Received) => FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFake(handler: (request: Received) => FakeAnswer): Promise<FakeServer> {
  let current = handler;
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const answer = current(request);
      if (answer === 'hang') return;
      const isJson = answer.json !== undefined;
      res.writeHead(answer.status, { 'content-type': isJson ? 'application/json' : 'text/plain' });
      res.end(isJson ? JSON.stringify(answer.json) : (answer.text ?? ''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    answer: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens (a server started and closed again): a gateway that is down. */
export async function deadOrigin(): Promise<string> {
  const fake = await startFake(() => ({ status: 200 }));
  await fake.close();
  return fake.origin;
}

export const OK: FakeAnswer = { status: 200, json: { ok: true } };

/** A form body's fields. */
export function formOf(request: Received): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}

/** A real production's world (no sandbox) with only what `channels` configures. */
export function productionWorld(channels: Partial<OutsideWorld> = {}): OutsideWorld {
  return {
    ...SANDBOX_WORLD,
    sandbox: false,
    social: [],
    ...channels,
  };
}
