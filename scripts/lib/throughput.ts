import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { quantile } from './commerceBench.ts';

/**
 * Throughput figures for `npm run bench` (issue 13): requests per second of cached pages, against
 * a plain `node:http` server sending the very same bytes, the 304 rate, and a mixed load.
 */

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx/3xx, and failed connections. */
  errors: number;
  statuses: Record<string, number>;
}

const resultSchema = z.object({
  seconds: z.number(),
  latencies: z.array(z.number()),
  statuses: z.record(z.string(), z.number()),
});

export function load(
  urls: string[],
  options: { connections: number; durationMs: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  const worker = new Worker(new URL('./loadWorker.ts', import.meta.url), {
    workerData: {
      urls,
      connections: options.connections,
      durationMs: options.durationMs,
      headers: options.headers ?? {},
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: unknown) => {
      const { seconds, latencies, statuses } = resultSchema.parse(message);
      const sorted = latencies.toSorted((a, b) => a - b);
      const errors = Object.entries(statuses)
        .filter(([status]) => !/^[23]\d\d$/.test(status))
        .reduce((sum, [, n]) => sum + n, 0);
      resolve({
        rps: sorted.length / seconds,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        requests: sorted.length,
        errors,
        statuses,
      });
      void worker.terminate();
    });
  });
}

/**
 * A plain `node:http` server that answers every request with one stored response (status,
 * headers and body exactly as the shop sent them): the ceiling a cache hit could reach.
 */
export async function rawServer(answer: {
  headers: Record<string, string>;
  body: Buffer;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = z
    .custom<AddressInfo>((value) => typeof value === 'object' && value !== null)
    .parse(server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The response of `url` as raw bytes and headers (brotli, as a browser asks). */
export async function capturedAnswer(url: string): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string' && name !== 'connection' && name !== 'keep-alive' && name !== 'date') {
              headers[name] = value;
            }
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}
