import { z } from 'zod';
import { oauthProviderSchema } from '../../api/schemas/user.ts';

/**
 * What the auth modal needs to know of the deployment, handed from the server to the page in one
 * attribute of the header's «Войти» link (src/components/layout/AccountLink.astro): the real bot
 * check (spec accounts §2: "a bot-challenge script from a third-party provider is loaded") and the
 * social providers offered. Absent: the sandbox check and both providers, as in development.
 */

export const captchaSettingsSchema = z.object({
  /** The provider's public site key (Cloudflare Turnstile by default). */
  siteKey: z.string().min(1).max(200),
  /** The provider's script; its origin is added to the pages' CSP (script-src, frame-src). */
  scriptUrl: z.url({ protocol: /^https?$/ }),
});
export type CaptchaSettings = z.infer<typeof captchaSettingsSchema>;

export const authSettingsSchema = z.object({
  captcha: captchaSettingsSchema.nullable(),
  social: z.array(oauthProviderSchema),
});
export type AuthSettings = z.infer<typeof authSettingsSchema>;

/** Development and tests: the sandbox check, both providers. */
export const SANDBOX_AUTH_SETTINGS: AuthSettings = { captcha: null, social: ['google', 'facebook'] };

/** Turnstile's script, rendering only where the modal asks (`render=explicit`). */
export const DEFAULT_CAPTCHA_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The attribute's text for `settings`, or null when they are the sandbox's (no bytes spent on every page). */
export function authSettingsAttribute(settings: AuthSettings): string | null {
  const sandbox = settings.captcha === null && settings.social.join() === SANDBOX_AUTH_SETTINGS.social.join();
  return sandbox ? null : JSON.stringify(settings);
}

/** The settings an attribute holds; anything unreadable is the sandbox's (the service still decides). */
export function parseAuthSettings(attribute: string | null | undefined): AuthSettings {
  if (!attribute) return SANDBOX_AUTH_SETTINGS;
  try {
    const parsed = authSettingsSchema.safeParse(JSON.parse(attribute));
    return parsed.success ? parsed.data : SANDBOX_AUTH_SETTINGS;
  } catch {
    return SANDBOX_AUTH_SETTINGS;
  }
}
