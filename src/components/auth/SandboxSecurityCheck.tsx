import { useId } from 'react';
import { SANDBOX_SECURITY_TOKEN } from '../../api/schemas/user.ts';
import type { AuthText } from './authText.ts';

interface Props {
  t: AuthText;
  token: string | null;
  onToken: (token: string | null) => void;
  error?: string | undefined;
}

/**
 * SANDBOX: the stand-in for the third-party bot check of spec §5 ("a bot-challenge script from a
 * third-party provider is loaded"). In this embedded setup the user service accepts only the
 * sandbox token (src/api/schemas/user.ts SANDBOX_SECURITY_TOKEN, like the providers' test keys),
 * and this checkbox hands it over. A real provider (its site key from config) replaces this
 * component and nothing else: the form only wants a token, or null.
 */
export function SandboxSecurityCheck({ t, token, onToken, error }: Props) {
  const id = useId();
  return (
    <fieldset className="auth-security" data-sandbox="security-check">
      <legend>{t('security')}</legend>
      <label className="auth-check">
        <input
          type="checkbox"
          name="securityToken"
          checked={token !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-note`}
          onChange={(event) => onToken(event.currentTarget.checked ? SANDBOX_SECURITY_TOKEN : null)}
        />
        {t('securityCheck')}
      </label>
      <p className="auth-note" id={`${id}-note`}>
        {t('securitySandbox')}
      </p>
      {error && (
        <p className="auth-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
