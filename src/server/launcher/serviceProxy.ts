import http from 'node:http';
import { log } from '../../log/log.ts';

/**
 * A worker of a several-process shop forwards the browser's `/svc/...` calls (islands reach the
 * services on the shop's own origin) to the embedded services in the primary process, as they
 * are: method, headers, body, status and answer streamed through.
 */
export function forwardToServices(origin: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const target = new URL(req.url ?? '/', origin);
  const started = performance.now();
  const upstream = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    const [, service = '', ...rest] = target.pathname.replace(/^\/svc/, '').split('/');
    log.event(
      'error',
      {
        service,
        route: `/${rest.join('/')}`,
        durationMs: Math.round(performance.now() - started),
        error: error.message,
      },
      `[svc] ${req.method ?? 'GET'} ${target.pathname}: ${error.message}`,
    );
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: 502, message: 'The services did not answer' }));
  });
  req.pipe(upstream);
}
