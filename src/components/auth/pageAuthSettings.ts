import { parseAuthSettings, type AuthSettings } from '../../domain/auth/authSettings.ts';

/** The deployment's auth settings the page carries on its «Войти» link (src/components/layout/AccountLink.astro). */
export function pageAuthSettings(): AuthSettings {
  return parseAuthSettings(document.querySelector('[data-auth-settings]')?.getAttribute('data-auth-settings'));
}
