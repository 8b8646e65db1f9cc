import { z } from 'zod';
import { authSettingsSchema, SANDBOX_AUTH_SETTINGS } from '../../domain/auth/authSettings.ts';

/**
 * What the launcher decided about this deployment and the pages must know (DESIGN §7): the site's
 * one public origin (SITE_URL, or where the launcher listens), whether it is a public demo
 * (SHOP_DEMO=1 in production), what the auth modal shows (the real bot check, the social
 * providers) and the payment pages a pay form may be sent to. The launcher registers it on
 * `globalThis` (the Astro bundle and the launcher are separate module graphs, as in
 * src/api/embedded.ts); Astro's dev server registers nothing and gets the development defaults.
 */

const deploymentSchema = z.object({
  /** Every absolute URL's origin: canonical, hreflang, JSON-LD, sitemaps, robots.txt, share and callback links. */
  siteOrigin: z.string().nullable(),
  demo: z.boolean(),
  auth: authSettingsSchema,
  /** Origins of the bank's payment pages (CSP form-action of the pages with a pay form). */
  paymentPageOrigins: z.array(z.string()),
});
export type Deployment = z.infer<typeof deploymentSchema>;

const DEVELOPMENT: Deployment = { siteOrigin: null, demo: false, auth: SANDBOX_AUTH_SETTINGS, paymentPageOrigins: [] };

const REGISTRY_KEY = Symbol.for('bbs.deployment');

export function registerDeployment(deployment: Deployment | null): void {
  if (deployment === null) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
  else Reflect.set(globalThis, REGISTRY_KEY, deployment);
}

/** The registered deployment, or development's (nothing registered: the dev server). */
export function deployment(): Deployment {
  const parsed = deploymentSchema.safeParse(Reflect.get(globalThis, REGISTRY_KEY));
  return parsed.success ? parsed.data : DEVELOPMENT;
}

/** The header that keeps every answer of a public demo out of search engines (pages, files, JSON). */
export const DEMO_ROBOTS = 'noindex, nofollow';
