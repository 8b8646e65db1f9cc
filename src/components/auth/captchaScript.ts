import type { CaptchaSettings } from '../../domain/auth/authSettings.ts';

/**
 * The bot-check provider's script (spec accounts §2: "a bot-challenge script from a third-party
 * provider is loaded; load failure yields the 1501 message"), loaded once per page, when the
 * registration form first shows. The API is Cloudflare Turnstile's (`render`, `reset`, `remove`);
 * hCaptcha and reCAPTCHA v2 have the same shape under another global, so another provider is a
 * small adapter here.
 */

export interface CaptchaWidgetOptions {
  sitekey: string;
  language: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

export interface CaptchaApi {
  render(container: HTMLElement, options: CaptchaWidgetOptions): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

function isCaptchaApi(value: unknown): value is CaptchaApi {
  return (
    typeof value === 'object' &&
    value !== null &&
    'render' in value &&
    typeof value.render === 'function' &&
    'reset' in value &&
    typeof value.reset === 'function' &&
    'remove' in value &&
    typeof value.remove === 'function'
  );
}

let loading: Promise<CaptchaApi> | null = null;

/** The provider's API once its script has run; rejects when it cannot be loaded (blocked, offline). */
export function loadCaptcha(settings: CaptchaSettings): Promise<CaptchaApi> {
  loading ??= new Promise<CaptchaApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = settings.scriptUrl;
    script.async = true;
    script.addEventListener('load', () => {
      const api: unknown = Reflect.get(window, 'turnstile');
      if (isCaptchaApi(api)) resolve(api);
      else reject(new Error('the bot check script has no API'));
    });
    script.addEventListener('error', () => reject(new Error('the bot check script did not load')));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later open of the form tries again (the network may be back).
    loading = null;
    throw error;
  });
  return loading;
}
