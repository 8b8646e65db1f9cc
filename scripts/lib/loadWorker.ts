/**
 * A load generator in its own thread (scripts/lib/throughput.ts starts it), so the server under
 * test keeps the main thread's event loop to itself: `connections` keep-alive connections, each
 * sending the next request as soon as the last answer has been read, until `durationMs` is up.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';

const jobSchema = z.object({
  urls: z.array(z.string()).min(1),
  connections: z.number().int().positive(),
  durationMs: z.number().positive(),
  headers: z.record(z.string(), z.string()),
});
const job = jobSchema.parse(workerData);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });

function once(url: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: job.headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
  });
}

const latencies: number[] = [];
const statuses: Record<string, number> = {};
const deadline = performance.now() + job.durationMs;
let next = 0;
async function connection(): Promise<void> {
  while (performance.now() < deadline) {
    const url = job.urls[next++ % job.urls.length] ?? job.urls[0] ?? '';
    const { status, ms } = await once(url);
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: job.connections }, connection));
agent.destroy();
parentPort?.postMessage({ seconds: (performance.now() - started) / 1000, latencies, statuses });
