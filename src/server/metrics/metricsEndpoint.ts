import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { log } from '../../log/log.ts';
import { answerCollections, scrapeCluster, serveClusterScrapes } from './clusterMetrics.ts';
import { startMetrics } from './processMetrics.ts';

/**
 * `GET /metrics` in Prometheus's text format (issue 26), answered by the launcher before anything
 * else, like `/healthz` (readiness.ts): never from or into the route cache, `no-store` for any
 * proxy or CDN. Served only with METRICS_TOKEN set; unset, the path is any other (the 404 page).
 * Set, it needs `Authorization: Bearer <token>`, compared in constant time; without it, 401.
 * In a worker of a several-process shop the answer is the whole shop's (clusterMetrics.ts).
 */

export interface MetricsEndpoint {
  /** Answers `/metrics` and returns true; false for any other path, or when metrics are off. */
  handle(path: string, req: http.IncomingMessage, res: http.ServerResponse): boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`; equal-length digests, so the time taken says nothing of the token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return given !== undefined && same;
}

const plain = (res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
};

/** The `/metrics` of this process; `token` null (METRICS_TOKEN unset) serves nothing and counts nothing. */
export function serveMetrics(token: string | null): MetricsEndpoint {
  if (token === null) return { handle: () => false };
  const { registry } = startMetrics();
  const inCluster = cluster.isWorker && typeof process.send === 'function';
  if (inCluster) answerCollections(registry);
  const scrape = inCluster ? scrapeCluster : () => registry.metrics();
  return {
    handle(path, req, res) {
      if (path !== '/metrics') return false;
      if (!bearerMatches(req.headers.authorization, token)) {
        plain(res, 401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
        return true;
      }
      scrape().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          log.error('[metrics] the metrics could not be gathered', error);
          plain(res, 503, 'Metrics unavailable');
        },
      );
      return true;
    },
  };
}

/**
 * In the primary of a several-process shop: counts what its embedded services record and answers
 * the workers' scrapes with the whole shop's metrics. Nothing with `token` null.
 */
export function serveMetricsInPrimary(token: string | null): void {
  if (token !== null) serveClusterScrapes(startMetrics().registry);
}
