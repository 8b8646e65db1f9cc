/**
 * The one logger every part of src writes through (issue 26): the storefront's server code, the
 * embedded services, the shared transport (src/api/http.ts) and the browser's islands and stores.
 *
 * It holds no logger itself. On a server the launcher registers a sink (src/log/serverLog.ts:
 * pino, JSON lines or readable lines, redaction, the request id of the request being served); the
 * sink lives on `globalThis` under a registry symbol because the Astro server bundle and the
 * launcher are separate module graphs, as with the embedded services (src/api/embedded.ts). Where
 * none is registered — the browser, a unit test — a line goes to the console, so the browser never
 * ships pino. This file is the one place in src that may call `console` (eslint.config.js).
 *
 * The methods take what `console.*` took (a message and any values), so a console call became a
 * log call by changing its name only.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogSink {
  write(level: LogLevel, fields: Record<string, unknown>, message: string): void;
  /** The id of the request being served here, when there is one. */
  requestId(): string | undefined;
}

const REGISTRY_KEY = Symbol.for('bbs.logSink');

/** Registers the process's sink; `null` unregisters it (the console again). */
export function registerLogSink(sink: LogSink | null): void {
  if (sink === null) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
  else Reflect.set(globalThis, REGISTRY_KEY, sink);
}

function isSink(value: unknown): value is LogSink {
  return typeof value === 'object' && value !== null && 'write' in value && 'requestId' in value;
}

function sink(): LogSink | undefined {
  const value: unknown = Reflect.get(globalThis, REGISTRY_KEY);
  return isSink(value) ? value : undefined;
}

/** The id of the request being served (server only); undefined in the browser or outside a request. */
export function currentRequestId(): string | undefined {
  return sink()?.requestId();
}

function text(part: unknown): string {
  if (typeof part === 'string') return part;
  if (part instanceof Error) return part.message;
  if (typeof part === 'object' && part !== null) {
    try {
      return JSON.stringify(part);
    } catch {
      return Object.prototype.toString.call(part);
    }
  }
  if (typeof part === 'number' || typeof part === 'bigint' || typeof part === 'boolean') return String(part);
  return typeof part === 'symbol' ? part.toString() : typeof part;
}

function emit(level: LogLevel, fields: Record<string, unknown>, message: string, parts: unknown[]): void {
  const target = sink();
  if (target) {
    target.write(level, fields, message);
    return;
  }
  // No sink: the browser (its devtools show the values themselves) or a test.
  // eslint-disable-next-line no-console -- the one console of src: see the file's comment
  console[level](message, ...parts);
}

function consoleLike(level: LogLevel) {
  return (...parts: unknown[]): void => {
    const failure = parts.find((part) => part instanceof Error);
    const target = sink();
    if (!target) {
      emit(level, {}, text(parts[0] ?? ''), parts.slice(1));
      return;
    }
    emit(level, failure ? { err: failure } : {}, parts.map(text).join(' '), []);
  };
}

export const log = {
  debug: consoleLike('debug'),
  info: consoleLike('info'),
  warn: consoleLike('warn'),
  error: consoleLike('error'),
  /**
   * A structured line for the server's log: named fields and a short message. Without a sink (the
   * browser, a unit test) it goes to the console's debug level only: there the caller's own message, if any, is
   * what a developer reads, and a failed service call is not said twice.
   */
  event(level: LogLevel, fields: Record<string, unknown>, message: string): void {
    emit(sink() ? level : 'debug', fields, message, [fields]);
  },
};
