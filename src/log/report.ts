/**
 * Error reporting (issue 26): the one call the places that handle a failure the spec says is
 * "reported" make, beside their log line — `report(error, { failure: 'products' })` — and what
 * the 500 page, the services' error handler and the islands' global listener call for errors
 * nobody handled.
 *
 * Like the log sink (src/log/log.ts), the reporter lives on `globalThis` under a registry symbol:
 * on a server the launcher registers one only when SENTRY_DSN is set (src/server/errors/
 * serverReporting.ts, @sentry/node), in the browser the page's listener registers one only when
 * the page carries the public DSN (src/components/errors/). Unregistered, `report` does nothing:
 * no SDK is loaded and nothing is sent. A reporter that fails never fails its caller.
 */

/** What a report says besides the error: short, fixed words (they become tags), never personal data. */
export interface ReportFacts {
  /** Which of the reported failures this is: 'products', 'content', 'order', 'page', … */
  failure: string;
  /** 'warning' for a failure the shopper got past (a retry, a fallback); default 'error'. */
  level?: 'error' | 'warning';
}

export interface ErrorReporter {
  capture(error: unknown, facts: ReportFacts): void;
}

// ErrorReporting.astro's listener registers under the same key without importing this module.
const REGISTRY_KEY = Symbol.for('bbs.errorReporter');

/** Registers the process's (or page's) reporter; `null` unregisters it (nothing is sent). */
export function registerErrorReporter(reporter: ErrorReporter | null): void {
  if (reporter === null) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
  else Reflect.set(globalThis, REGISTRY_KEY, reporter);
}

function isReporter(value: unknown): value is ErrorReporter {
  return typeof value === 'object' && value !== null && 'capture' in value && typeof value.capture === 'function';
}

function reporter(): ErrorReporter | undefined {
  const value: unknown = Reflect.get(globalThis, REGISTRY_KEY);
  return isReporter(value) ? value : undefined;
}

/** Sends `error` to the error tracker when one is configured; otherwise does nothing. */
export function report(error: unknown, facts: ReportFacts): void {
  try {
    reporter()?.capture(error, facts);
  } catch {
    // Reporting is best effort: the failure being reported is already logged by the caller.
  }
}
