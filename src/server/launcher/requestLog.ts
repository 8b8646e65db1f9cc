import type http from 'node:http';
import type { Logger } from 'pino';
import { redactTarget } from '../../log/redact.ts';
import { requestIdFrom, withRequestId } from '../../log/serverLog.ts';
import { replaceRequestHeader } from './launcherHeaders.ts';
import { countRequest } from '../metrics/processMetrics.ts';

/** Paths a load balancer or Prometheus polls every few seconds: their lines are debug, not info. */
const PROBES = /^\/(?:healthz|readyz|metrics)(?:\?|$)/;

/**
 * The request line of the launcher (issue 26): one per request, written when the response is done
 * or the client gave up, with the request id, method, target (secrets of the query masked), status,
 * duration and what the route/wire cache did (its `x-astro-cache`: HIT, MISS, STALE,
 * STALE-IF-ERROR; absent where no cache answers). The id is the client's `X-Request-Id` when it is
 * a plain token, else a new one; it is echoed in the response, handed to Astro and the services in
 * the request's `x-request-id`, and attached to every line logged while the request is served.
 */
export function servedWithRequestLog(
  logger: Logger,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  serve: () => void,
): void {
  const started = performance.now();
  const requestId = requestIdFrom(req.headers['x-request-id']);
  replaceRequestHeader(req, 'x-request-id', requestId);
  res.setHeader('X-Request-Id', requestId);
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  res.once('close', () => {
    const cache = res.getHeader('x-astro-cache');
    const status = res.writableFinished ? res.statusCode : 499;
    const fields = {
      reqId: requestId,
      method,
      path: redactTarget(target),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(typeof cache === 'string' ? { cache } : {}),
    };
    countRequest(target, status, (performance.now() - started) / 1000, cache);
    const level = PROBES.test(target) ? 'debug' : status >= 500 ? 'error' : 'info';
    logger[level](fields, `${method} ${fields.path} ${status} ${fields.durationMs} ms`);
  });
  withRequestId(requestId, serve, target);
}
