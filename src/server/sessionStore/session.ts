import type { AstroSession } from 'astro';

/**
 * The request's session (the editor's now, the shopper's basket and sign-in: one cookie, see
 * docs/decisions.md "The editor screen"). Missing only when astro.config.mjs configures no driver, which is a
 * deployment error, so it throws instead of treating every editor as signed out.
 */
export function sessionOf(context: { session: AstroSession | undefined }): AstroSession {
  if (!context.session) throw new Error('Astro sessions are not configured (`session` in astro.config.mjs)');
  return context.session;
}
