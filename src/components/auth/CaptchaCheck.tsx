import { useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { CaptchaSettings } from '../../domain/auth/authSettings.ts';
import type { AuthText } from './authText.ts';
import { loadCaptcha, type CaptchaApi } from './captchaScript.ts';

interface Props {
  t: AuthText;
  locale: Locale;
  settings: CaptchaSettings;
  token: string | null;
  onToken: (token: string | null) => void;
  error?: string | undefined;
}

/**
 * The real bot check of the registration form: the provider's widget, its token handed to the form.
 * A token is single-use: when the form drops it (a refused registration) the widget starts again.
 */
export function CaptchaCheck({ t, locale, settings, token, onToken, error }: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadCaptcha(settings)
      .then((api) => {
        if (!live || !box.current) return;
        const widgetId = api.render(box.current, {
          sitekey: settings.siteKey,
          language: locale === 'uk' ? 'uk' : 'ru',
          callback: (issued) => onToken(issued),
          'expired-callback': () => onToken(null),
          'error-callback': () => {
            onToken(null);
            setFailed(true);
          },
        });
        widget.current = { api, id: widgetId };
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
    // One widget per form: `onToken` is the form's state setter, which never changes.
  }, [settings, locale, onToken]);

  useEffect(() => {
    if (token === null && widget.current) widget.current.api.reset(widget.current.id);
  }, [token]);

  const message = error ?? (failed ? t('securityFailed') : undefined);
  return (
    <fieldset className="auth-security" data-security-check="captcha">
      <legend>{t('security')}</legend>
      <div ref={box} aria-describedby={message ? `${id}-error` : undefined} />
      {message && (
        <p className="auth-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </fieldset>
  );
}
