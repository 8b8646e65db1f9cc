import type { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import type { AuthContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { refusalPage, scriptAnswer } from './endpointAnswer.ts';
import { formReturnAnswer, type FormReturn } from './formReturn.ts';
import { type Outcome, type Refused, refused, refusedWith } from './outcomes.ts';
import { bodyKind, readBody, takesBody, type BodyRule } from './requestBody.ts';
import type { MessageKey } from '../../i18n/messageKey.ts';

/**
 * One definition per endpoint of the shop's own (DESIGN §7b): who may call it, its body (JSON, a
 * plain HTML form's fields or a beacon's text, size-limited, parsed with zod), its path parameters,
 * where a no-JavaScript form goes back to, and a handler that gets the request's AuthContext and
 * answers an Outcome. The definition does the rest, the same way for every endpoint:
 *
 * - path parameters the schema refuses: 404;
 * - `who: 'shopper'` with nobody signed in: 401 (and a 401 the refresh could not cure, thrown by a
 *   service call of the handler, signs the shopper out first);
 * - a body type the endpoint does not take: 415;
 * - a body too large: 413; malformed or refused by the schema: 400 naming the fields, never a 5xx;
 * - a service failure the handler let through: its refusal (`serviceRefusal`), else 503;
 * - to a script JSON, the refusal envelope (src/api/schemas/endpoint.ts); to a plain form a 303 back
 *   to its page with a one-time flash (post/redirect/get), or a small page where it has none;
 * - every answer `Cache-Control: no-store`.
 *
 * The same-origin rule is not here: the middleware applies it to every non-GET request first
 * (src/server/request/sameOrigin.ts). The Astro side is src/server/endpoints/endpointRoute.ts; this
 * module runs on an AuthContext alone, so tests run endpoints with a fake session and services.
 */

/** The session's shopper: their service client (bearer, one refresh) and their id. */
export interface ShopperApi {
  api: HttpClient;
  customerId: number;
}

export interface EndpointCall<B, P> {
  ctx: AuthContext;
  /** The body as the schema parsed it (undefined for an endpoint without one). */
  body: B;
  /** The path parameters as their schema parsed them (undefined without one). */
  params: P;
  /** A plain HTML form posted this (no script): a redirect is its answer, not JSON. */
  isForm: boolean;
}

interface Common<B, P> {
  body?: BodyRule<B>;
  params?: z.ZodType<P>;
  /** A plain HTML form's way back to its page (post/redirect/get with a flash). */
  formReturn?: FormReturn<P>;
  /**
   * A failed service call the handler did not catch, as a refusal in the page's language; null for
   * an error that is not one (a bug: the 500 page). Without it, any service failure is a 503.
   */
  serviceRefusal?: (error: unknown, ctx: AuthContext) => Refused | null;
  /** The i18n key of a 401's message (default `accountErrors.signedOut`; the checkout says its own). */
  signedOutKey?: MessageKey;
}

export type EndpointDefinition<B, P> = Common<B, P> &
  (
    | { who: 'anyone'; handle(call: EndpointCall<B, P>): Promise<Outcome> }
    | { who: 'shopper'; handle(call: EndpointCall<B, P> & { shopper: ShopperApi }): Promise<Outcome> }
  );

export interface Endpoint {
  /** Answers one request: `params` are the route's (Astro's `context.params`). */
  run(ctx: AuthContext, params?: Readonly<Record<string, string | undefined>>, now?: Date): Promise<Response>;
}

/** The endpoint of a definition. */
export function defineEndpoint<B = undefined, P = undefined>(definition: EndpointDefinition<B, P>): Endpoint {
  return { run: (ctx, params = {}, now = new Date()) => runEndpoint(definition, ctx, params, now) };
}

/** A 401 the refresh could not cure: the session's tokens are dead. */
function isSignedOutError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 401;
}

/** The handler's outcome; null when it needs a shopper and there is none. */
function handled(
  definition: EndpointDefinition<unknown, unknown>,
  call: EndpointCall<unknown, unknown>,
  shopper: ShopperApi | null,
): Promise<Outcome> | null {
  if (definition.who === 'anyone') return definition.handle(call);
  return shopper ? definition.handle({ ...call, shopper }) : null;
}

async function runEndpoint(
  definition: EndpointDefinition<unknown, unknown>,
  ctx: AuthContext,
  rawParams: Readonly<Record<string, string | undefined>>,
  now: Date,
): Promise<Response> {
  const { request, t } = ctx;
  const kind = bodyKind(request);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const isForm = hasBody && kind === 'form';
  // Refused before the handler ran: a form post gets a page, as it has nothing to go back to.
  const early = (outcome: Refused) => (isForm ? refusalPage(ctx, outcome) : scriptAnswer(outcome));
  const signedOut = () => early(refused(401, t(definition.signedOutKey ?? 'accountErrors.signedOut')));

  const params = definition.params?.safeParse(rawParams);
  if (params?.success === false) return early(refused(404, t('accountErrors.notFound')));
  // Who may call, before what was sent: a signed-out caller hears that first, whatever the body.
  const shopper = definition.who === 'shopper' ? await shopperClient(ctx) : null;
  if (definition.who === 'shopper' && !shopper) return signedOut();
  if (hasBody && !takesBody(definition.body, kind)) return early(refused(415, t('accountErrors.check')));

  const read = hasBody ? await readBody(request, definition.body, ctx, now) : null;
  let outcome: Outcome;
  if (read && !read.ok) {
    if (read.status === 413) return early(refused(413, t('accountErrors.tooLarge')));
    outcome = refusedWith(400, t('accountErrors.check'), read.problems);
  } else {
    try {
      const pending = handled(definition, { ctx, body: read?.body, params: params?.data, isForm }, shopper);
      if (!pending) return signedOut();
      outcome = await pending;
    } catch (error) {
      if (definition.who === 'shopper' && isSignedOutError(error)) {
        await signOut(ctx);
        return signedOut();
      }
      const refusal =
        definition.serviceRefusal?.(error, ctx) ??
        (isApiError(error) ? refused(503, t('accountErrors.unavailable')) : null);
      if (refusal === null) throw error;
      outcome = refusal;
    }
  }
  if (!isForm) return scriptAnswer(outcome);
  return formReturnAnswer(ctx, definition.formReturn, outcome, read?.fields ?? {}, params?.data);
}
