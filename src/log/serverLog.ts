import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import pretty from 'pino-pretty';
import { registerLogSink, type LogLevel, type LogSink } from './log.ts';
import { redactFields, redactText, REDACTED } from './redact.ts';

/**
 * The server's logger (Node only; the browser never imports this file): pino writing JSON lines to
 * stdout, or readable lines outside production (pino-pretty in-process, no worker thread), at
 * LOG_LEVEL. Every line passes the redaction rules of src/log/redact.ts, and a line written while a
 * request is served carries that request's id (`reqId`) through AsyncLocalStorage, so the many
 * one-line `log.*` calls of pages and services need no id passed to them.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['json', 'pretty'] as const;

interface RequestContext {
  requestId: string;
  /** The request's target, for error reports' page kind (src/server/errors/serverReporting.ts). */
  path?: string | undefined;
}
const requests = new AsyncLocalStorage<RequestContext>();

/** Runs `serve` with `requestId` attached to every line it logs, however deep and however async. */
export function withRequestId<T>(requestId: string, serve: () => T, path?: string): T {
  return requests.run({ requestId, path }, serve);
}

/** The request being served here, if any: its id and target. */
export function currentRequest(): Readonly<RequestContext> | undefined {
  return requests.getStore();
}

/** A client's `X-Request-Id` when it is a plain token (a proxy's or load balancer's), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** Header names whose values pino removes from any `headers` object logged (belt and braces with redactFields). */
const SECRET_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'token',
  'refreshToken',
  'code',
];

function destination(format: (typeof LOG_FORMATS)[number]): DestinationStream | undefined {
  if (format === 'json') return undefined;
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // A request line's message already says these; the id and the cache outcome follow it.
    ignore: 'pid,hostname,method,path,status,durationMs',
  });
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  const found = allowed.find((item) => item === value?.trim().toLowerCase());
  return found ?? fallback;
}

/**
 * The pino logger of this process as LOG_LEVEL (default info) and LOG_FORMAT (default: json in
 * production, pretty elsewhere) say; scripts/start.ts refuses values outside LOG_LEVELS/LOG_FORMATS.
 */
function createServerLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = pick(env.LOG_LEVEL, LOG_LEVELS, 'info');
  const format = pick(env.LOG_FORMAT, LOG_FORMATS, env.NODE_ENV === 'production' ? 'json' : 'pretty');
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: SECRET_PATHS, censor: REDACTED },
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => {
          const clean = redactFields(fields);
          return typeof clean === 'object' && clean !== null ? { ...clean } : {};
        },
      },
      hooks: {
        logMethod(args, method) {
          Reflect.apply(
            method,
            this,
            args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
          );
        },
      },
    },
    destination(format),
  );
}

/** The sink src/log/log.ts hands every line to: the logger, with the current request's id. */
function sinkOf(logger: Logger): LogSink {
  return {
    write(level: LogLevel, fields, message) {
      const requestId = requests.getStore()?.requestId;
      logger[level](requestId ? { reqId: requestId, ...fields } : fields, message);
    },
    requestId: () => requests.getStore()?.requestId,
  };
}

let installed: Logger | null = null;

/**
 * The process's logger, created and registered as the sink of src/log/log.ts on first use (the
 * launcher, `npm run services`, Astro's dev server call it before anything logs).
 */
export function serverLogger(): Logger {
  if (!installed) {
    installed = createServerLogger();
    registerLogSink(sinkOf(installed));
  }
  return installed;
}
