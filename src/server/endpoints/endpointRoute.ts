import type { APIContext } from 'astro';
import { authContext } from '../session/authContext.ts';
import type { Endpoint } from './defineEndpoint.ts';

/**
 * An endpoint as an Astro route (`export const POST = endpointRoute(…)` in src/pages): the
 * request's AuthContext and its route parameters, nothing else; the definition does the rest.
 */
export function endpointRoute(endpoint: Endpoint): (context: APIContext) => Promise<Response> {
  return (context) => endpoint.run(authContext(context), context.params);
}
