import type { z } from 'zod';
import { defineEndpoint, type Endpoint, type EndpointCall } from '../endpoints/defineEndpoint.ts';
import type { Outcome } from '../endpoints/outcomes.ts';
import { type AuthForm, authServiceRefusal } from './authRefusals.ts';

/**
 * An endpoint of one of the auth modal's forms (src/pages/api/auth/**): anyone may call it, its
 * body is the form's JSON, and the user service's refusals show on that form's fields (spec
 * accounts §8, authRefusals.ts). The rest is every endpoint's (src/server/endpoints/defineEndpoint.ts).
 */
export function authFormEndpoint<B>(
  form: AuthForm,
  schema: z.ZodType<B>,
  handle: (call: EndpointCall<B, undefined>) => Promise<Outcome>,
): Endpoint {
  return defineEndpoint<B, undefined>({
    who: 'anyone',
    body: { schema },
    serviceRefusal: authServiceRefusal(form),
    handle,
  });
}
