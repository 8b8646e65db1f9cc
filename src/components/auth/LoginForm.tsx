import { useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { SessionState } from '../../api/schemas/session.ts';
import { checkPassword, checkPhone } from '../../domain/auth/authRules.ts';
import { logIn, requestRecovery } from '../../stores/auth.ts';
import { maskPhone } from '../../domain/validation/phoneDigits.ts';
import { AuthField, PhoneField, FormError, useAuthForm } from './AuthField.tsx';
import type { AuthText } from './authText.ts';

interface Props {
  t: AuthText;
  locale: Locale;
  presetPhone: string;
  onLoggedIn: (session: SessionState) => void;
  /** A recovery code went to `phone`; another may be asked for in `diff` seconds. */
  onRecoveryCode: (phone: string, diff: number) => void;
}

const FIELDS = ['phone', 'password'] as const;

/** Spec §2 login by phone and password, and "forgot password" (it needs a valid phone first, spec §5). */
export function LoginForm({ t, locale, presetPhone, onLoggedIn, onRecoveryCode }: Props) {
  const [phone, setPhone] = useState(() => maskPhone(presetPhone));
  const [password, setPassword] = useState('');
  const { state, form, check, checkField, send } = useAuthForm(t, locale, FIELDS);

  async function submit() {
    const p = checkPhone(phone);
    const w = checkPassword(password);
    if (!check({ phone: p.ok ? null : p.rule, password: w.ok ? null : w.rule }) || !p.ok || !w.ok) return;
    const answer = await send(() => logIn(p.value, w.value));
    if (answer) onLoggedIn(answer.session);
  }

  async function forgot() {
    const p = checkPhone(phone);
    if (!check({ phone: p.ok ? null : p.rule }) || !p.ok) return;
    const answer = await send(() => requestRecovery(p.value));
    if (answer) onRecoveryCode(p.value, answer.diff);
  }

  return (
    <form
      ref={form}
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormError error={state.formError} />
      <PhoneField
        name="phone"
        label={t('phone')}
        value={phone}
        onValue={setPhone}
        onCheck={(rule) => checkField('phone', rule)}
        error={state.errors['phone']}
      />
      <AuthField
        name="password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        error={state.errors['password']}
      />
      <button type="button" className="auth-link" disabled={state.busy} onClick={() => void forgot()}>
        {t('forgot')}
      </button>
      <button type="submit" className="auth-primary" disabled={state.busy}>
        {state.busy ? t('sending') : t('logIn')}
      </button>
    </form>
  );
}
