import { log } from '../../log/log.ts';
import { pageKind } from '../../log/pageKind.ts';
import { registerErrorReporter, type ReportFacts } from '../../log/report.ts';
import { PRIVATE_DATA_COLLECTION, scrubEvent } from '../../log/scrubEvent.ts';
import { currentRequest } from '../../log/serverLog.ts';
import { readErrorDsn } from './errorDsn.ts';

/**
 * The server's error reporting (issue 26): with SENTRY_DSN set, the launcher (and the service host
 * of a several-process shop) starts the official SDK, @sentry/node, and registers it as the
 * reporter of src/log/report.ts, so the 500 page, the services' error handler and the places that
 * handle a "reported" failure send their error with one `report(…)` call. Unset, the SDK is not
 * even imported.
 *
 * The SDK runs lean and private: no default integrations (no request data, no HTTP or console
 * breadcrumbs, no OpenTelemetry or module hooks, no tracing), only the error's causes, deduplication and the
 * process's uncaught exceptions and unhandled rejections (which still end the process, as Node's
 * own handling would); no personal data collected (`dataCollection`, v11's `sendDefaultPii: false`); and every event passes src/log/scrubEvent.ts. Each
 * event is tagged with the id of the request being served (the log lines' `reqId`) and its page kind.
 * Every error is sent (sample rate 1: a shop's errors are few and each matters); no traces.
 */

let stop: (() => Promise<void>) | null = null;

function tagsOfRequest(): Record<string, string> {
  const request = currentRequest();
  if (!request) return {};
  // The services' host knows the id a worker passed on, not the page it served.
  return { request_id: request.requestId, ...(request.path ? { page_kind: pageKind(request.path) } : {}) };
}

/** Starts reporting when SENTRY_DSN is set (once per process); throws when it is malformed. */
export async function startErrorReporting(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const target = readErrorDsn(env['SENTRY_DSN']);
  if (!target || stop) return;
  const Sentry = await import('@sentry/node');
  Sentry.initWithoutDefaultIntegrations({
    dsn: target.dsn,
    environment: env['SENTRY_ENVIRONMENT']?.trim() || (env.NODE_ENV === 'production' ? 'production' : 'development'),
    dataCollection: PRIVATE_DATA_COLLECTION,
    sampleRate: 1,
    // Errors only: no OpenTelemetry provider, no hooks that rewrite modules as they load.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    beforeSend: (event) => scrubEvent(event),
  });
  registerErrorReporter({
    capture(error: unknown, facts: ReportFacts) {
      Sentry.withScope((scope) => {
        scope.setTags({ ...tagsOfRequest(), failure: facts.failure });
        scope.setLevel(facts.level ?? 'error');
        Sentry.captureException(error);
      });
    },
  });
  stop = async () => {
    registerErrorReporter(null);
    await Sentry.close(2000);
  };
  log.info(`[errors] error reports go to ${target.origin}`);
}

/** Sends what is still queued (up to 2 s) and stops reporting; for a graceful shutdown. */
export async function stopErrorReporting(): Promise<void> {
  const stopping = stop;
  stop = null;
  await stopping?.();
}
