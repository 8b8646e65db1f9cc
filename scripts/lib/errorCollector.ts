import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * A Sentry-compatible collector for tests (issue 26): it takes the SDKs' envelope posts
 * (`POST /api/<project>/envelope/`, gzip or not, from Node or a browser) and keeps their error
 * events, and the raw bodies for a test to grep for what must never be sent. Its DSN is
 * `http://publickey@127.0.0.1:<port>/1`.
 */

const eventSchema = z.looseObject({
  event_id: z.string(),
  level: z.string().optional(),
  tags: z.record(z.string(), z.unknown()).optional(),
  exception: z
    .object({
      values: z.array(z.looseObject({ type: z.string().optional(), value: z.string().optional() })),
    })
    .optional(),
});
export type CollectedEvent = z.infer<typeof eventSchema>;

export interface ErrorCollector {
  dsn: string;
  events: CollectedEvent[];
  /** Every envelope body received, as text. */
  bodies: string[];
  /** The first event (received or to come) that `matches`; fails after `timeoutMs`. */
  waitFor(matches: (event: CollectedEvent) => boolean, timeoutMs?: number): Promise<CollectedEvent>;
  close(): Promise<void>;
}

/** The error events of one envelope: a header line, then item headers each followed by its payload. */
function eventsOf(body: string): CollectedEvent[] {
  const lines = body.split('\n');
  const events: CollectedEvent[] = [];
  for (let at = 1; at + 1 < lines.length; at += 2) {
    const header = z.object({ type: z.string() }).safeParse(JSON.parse(lines[at] ?? '{}'));
    if (header.success && header.data.type === 'event') {
      const event = eventSchema.safeParse(JSON.parse(lines[at + 1] ?? '{}'));
      if (event.success) events.push(event.data);
    }
  }
  return events;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export async function startErrorCollector(): Promise<ErrorCollector> {
  const events: CollectedEvent[] = [];
  const bodies: string[] = [];
  const waiting = new Set<() => void>();
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && /^\/api\/\w+\/envelope\/?(?:\?|$)/.test(req.url ?? '')) {
        const raw = Buffer.concat(chunks);
        const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        bodies.push(body);
        events.push(...eventsOf(body));
        for (const wake of waiting) wake();
      }
      res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = z
    .custom<AddressInfo>((value) => typeof value === 'object' && value !== null)
    .parse(server.address());
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    events,
    bodies,
    waitFor(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching error event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
