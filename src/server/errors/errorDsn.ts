import { z } from 'zod';
import { withSource } from '../request/cspPolicy.ts';

/**
 * SENTRY_DSN (issue 26): where error events go, as a Sentry DSN —
 * `https://<public key>@<host>[/<path>]/<project id>` (any Sentry-compatible collector: Sentry,
 * GlitchTip, a self-hosted relay). Public by design: the browser's SDK sends with the same one.
 * Blank or unset: no reporting at all. Anything else that is no DSN stops the start, naming the
 * variable, rather than a shop that silently reports nothing.
 */

export interface ErrorDsn {
  dsn: string;
  /** Where events are posted: the one origin the pages' connect-src must allow. */
  origin: string;
}

export const errorDsnSchema = z
  .string()
  .trim()
  .transform((value, ctx): ErrorDsn | null => {
    if (value === '') return null;
    const url = URL.canParse(value) ? new URL(value) : null;
    const project = url?.pathname.split('/').pop() ?? '';
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username === '' || !/^\w+$/.test(project)) {
      ctx.addIssue({
        code: 'custom',
        message: 'not a DSN: expected https://<public key>@<host>/<project id>',
      });
      return z.NEVER;
    }
    if (url.password !== '') {
      // The pages carry the DSN: an old-style DSN's secret key would be published with it.
      ctx.addIssue({ code: 'custom', message: 'a DSN with a secret key: use the public DSN (no `:secret`)' });
      return z.NEVER;
    }
    return { dsn: value, origin: url.origin };
  });

/** SENTRY_DSN read: null when unset or blank; throws naming the variable when malformed. */
export function readErrorDsn(value: string | undefined): ErrorDsn | null {
  const parsed = errorDsnSchema.safeParse(value ?? '');
  if (!parsed.success) throw new Error(`SENTRY_DSN: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.data;
}

/** `policy` with `origin` added to its connect-src (made if missing). */
export function withConnectOrigin(policy: string, origin: string): string {
  return withSource(policy, 'connect-src', "'self'", origin);
}
