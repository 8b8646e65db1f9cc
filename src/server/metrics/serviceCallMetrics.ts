import type { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import type { ApiCall, HttpClient } from '../../api/http.ts';
import { recordMetric, type ServiceCallOutcome } from '../../log/metricEvents.ts';

/**
 * The storefront's service calls, timed for `/metrics` (issue 26): each call of a request's client
 * (src/server/request/requestApi.ts), refresh and retry included, labelled by service only. A 4xx
 * is the contract's refusal (not found, a wrong code), which the caller handles: `refused`, not an
 * error. Runs inside the Astro bundle, so it records an event (src/log/metricEvents.ts) rather than
 * touching prom-client.
 */

function outcomeOf(error: unknown): ServiceCallOutcome {
  if (!isApiError(error)) return 'network';
  if (error.kind === 'http' && error.status >= 400 && error.status < 500) return 'refused';
  return error.kind;
}

export function withServiceMetrics(client: HttpClient): HttpClient {
  return {
    locale: client.locale,
    async request<S extends z.ZodType>(call: ApiCall<S>): Promise<z.output<S>> {
      const started = performance.now();
      const done = (outcome: ServiceCallOutcome) =>
        recordMetric({
          name: 'serviceCall',
          service: call.service,
          outcome,
          seconds: (performance.now() - started) / 1000,
        });
      try {
        const answer = await client.request(call);
        done('ok');
        return answer;
      } catch (error) {
        done(outcomeOf(error));
        throw error;
      }
    },
  };
}
