import type { APIContext } from 'astro';
import type { z } from 'zod';
import { authContext } from '../session/authContext.ts';
import { type AccountAction, runAccountAction } from './accountKit.ts';

/** The Astro side of the account endpoints (apart from the kit, so its flows run in tests without Astro). */

/** A path id: digits only, within what the service stores; anything else is no id (a 404). */
export function pathId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** An endpoint of src/pages/api/account: the action its route parameters name (null: a 404). */
export function accountEndpoint<S extends z.ZodType>(
  actionOf: (params: APIContext['params']) => AccountAction<S> | null,
): (context: APIContext) => Promise<Response> {
  return (context) => {
    const action = actionOf(context.params);
    if (!action) return Promise.resolve(new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } }));
    return runAccountAction(authContext(context), action);
  };
}
