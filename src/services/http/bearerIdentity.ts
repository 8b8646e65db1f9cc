import { log } from '../../log/log.ts';
import type { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { userSchema } from '../../api/schemas/user.ts';

/**
 * Who the bearer of a signed-in call is, for a service that keeps no accounts (the order service's
 * `/public/order…`, the content service's `/public/review/user…`): it asks the user service
 * (`GET /public/user`, accounts spec §7) with the caller's own `Authorization` header and reads only
 * what it needs of the profile. The caller turns the answer into its own error shape: `refused`
 * (no bearer, or one the user service refuses) is a 401, so the storefront refreshes and retries
 * once; `unavailable` (the user service cannot answer) is a 503 with Retry-After (DESIGN §7), never
 * a 401 that would sign the shopper out.
 */
export type BearerAnswer<T> = { kind: 'known'; who: T } | { kind: 'refused' } | { kind: 'unavailable' };

/** What the order and content services read of a profile: the id, the confirmed phone, the names. */
export const bearerIdentitySchema = userSchema.pick({ id: true, phone: true, firstName: true, lastName: true });
export type BearerIdentity = z.infer<typeof bearerIdentitySchema>;

/** The scheme, then one token (RFC 6750); the user service judges the token itself. */
const BEARER = /^Bearer\s+\S+$/i;

/** Asking who someone is must not hold a request for the user service's whole default budget. */
const IDENTITY_TIMEOUT_MS = 3000;

export type BearerIdentityReader = (authorization: string | undefined) => Promise<BearerAnswer<BearerIdentity>>;

/** `service` names the asking service in the log line of an outage. */
export function createBearerIdentityReader(upstream: HttpClient, service: string): BearerIdentityReader {
  return async (authorization) => {
    if (authorization === undefined || !BEARER.test(authorization.trim())) return { kind: 'refused' };
    try {
      const who = await upstream.request({
        service: 'user',
        method: 'GET',
        path: '/public/user',
        // The caller's header as it came: this service holds no token of its own.
        headers: { authorization: authorization.trim() },
        schema: bearerIdentitySchema,
        timeoutMs: IDENTITY_TIMEOUT_MS,
      });
      return { kind: 'known', who };
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === 'http' && error.status === 401) return { kind: 'refused' };
      log.error(`[${service}] the user service cannot tell who the shopper is:`, error.message);
      return { kind: 'unavailable' };
    }
  };
}
