import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  linkedErrorsIntegration,
  makeFetchTransport,
  Scope,
} from '@sentry/browser';
import { pageKind } from '../../log/pageKind.ts';
import type { ReportFacts } from '../../log/report.ts';
import { PRIVATE_DATA_COLLECTION, scrubEvent } from '../../log/scrubEvent.ts';

/**
 * The browser's half of error reporting (issue 26), loaded by ErrorReporting.astro's listener on a
 * page's first error, never before. The official SDK, @sentry/browser, as a client of its own
 * (no global handlers, no breadcrumbs of clicks, console or requests, no session tracking: the
 * listener decides what is sent), no personal data collected (`dataCollection`, v11's `sendDefaultPii: false`), and every event through
 * src/log/scrubEvent.ts, as on the server. Tagged with the page kind; not with a request id, which
 * a cached page would share between shoppers.
 */

let scope: Scope | null = null;

function scopeFor(dsn: string): Scope {
  if (scope) return scope;
  const client = new BrowserClient({
    dsn,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration(), dedupeIntegration()],
    dataCollection: PRIVATE_DATA_COLLECTION,
    sampleRate: 1,
    beforeSend: (event) => scrubEvent(event),
  });
  scope = new Scope();
  scope.setClient(client);
  scope.setTag('page_kind', pageKind(location.pathname));
  client.init();
  return scope;
}

export function capture(dsn: string, error: unknown, facts: ReportFacts): void {
  const reported = scopeFor(dsn).clone();
  reported.setTag('failure', facts.failure);
  reported.setLevel(facts.level ?? 'error');
  reported.captureException(error);
}
