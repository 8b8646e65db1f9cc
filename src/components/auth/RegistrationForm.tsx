import { useEffect, useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { CodeSentAnswer, RegisterBody } from '../../api/schemas/session.ts';
import type { SessionResult } from '../../api/session.ts';
import { checkDueDate, checkFirstName, checkPhone, checkSecurityToken, isoDay } from '../../domain/auth/authRules.ts';
import { loadSocialPending, register, registerSocial } from '../../stores/auth.ts';
import { maskPhone } from '../../domain/validation/phoneDigits.ts';
import { AuthField, PhoneField, FormError, useAuthForm } from './AuthField.tsx';
import type { CaptchaSettings } from '../../domain/auth/authSettings.ts';
import { CaptchaCheck } from './CaptchaCheck.tsx';
import { SandboxSecurityCheck } from './SandboxSecurityCheck.tsx';
import type { AuthText } from './authText.ts';

/** A code went to `phone`; `resend` asks for another with the same body. */
export type OnCodeSent = (phone: string, diff: number, resend: () => Promise<SessionResult<CodeSentAnswer>>) => void;

interface RegistrationProps {
  t: AuthText;
  locale: Locale;
  presetPhone: string;
  presetName: string;
  /** Spec §2 club mode: the optional expected-birth date. */
  club: boolean;
  checkout: boolean;
  onCodeSent: OnCodeSent;
  /** The real bot check (the deployment's site key), or null for the sandbox's checkbox. */
  captcha: CaptchaSettings | null;
}

const FIELDS = ['phone', 'firstName', 'pregnancyDueDate', 'securityToken'] as const;

/** Spec §2 registration: phone, first name, the club's optional expected-birth date, the security check. */
export function RegistrationForm({
  t,
  locale,
  presetPhone,
  presetName,
  club,
  checkout,
  onCodeSent,
  captcha,
}: RegistrationProps) {
  const [phone, setPhone] = useState(() => maskPhone(presetPhone));
  const [firstName, setFirstName] = useState(presetName);
  const [dueDate, setDueDate] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const { state, form, check, checkField, send } = useAuthForm(t, locale, FIELDS);
  const today = isoDay(new Date());

  async function submit() {
    const p = checkPhone(phone);
    const n = checkFirstName(firstName);
    const d = checkDueDate(club ? dueDate : '', today);
    const s = checkSecurityToken(token);
    const valid = check({
      phone: p.ok ? null : p.rule,
      firstName: n.ok ? null : n.rule,
      pregnancyDueDate: d.ok ? null : d.rule,
      securityToken: s.ok ? null : s.rule,
    });
    if (!valid || !p.ok || !n.ok || !d.ok || !s.ok) return;
    const body: RegisterBody = {
      phone: p.value,
      firstName: n.value,
      pregnancyDueDate: d.value,
      securityToken: s.value,
      club,
      checkout,
    };
    const answer = await send(() => register(body));
    if (answer) onCodeSent(p.value, answer.diff, () => register(body));
    // Spec §8: a failure resets the security check (a real provider's token is single-use).
    else setToken(null);
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
      {club && <p className="auth-hint">{t('clubHint')}</p>}
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
        name="firstName"
        label={t('firstName')}
        autoComplete="given-name"
        maxLength={80}
        value={firstName}
        onValue={setFirstName}
        error={state.errors['firstName']}
      />
      {club && (
        <AuthField
          name="pregnancyDueDate"
          label={`${t('dueDate')} (${t('optional')})`}
          type="date"
          min={today}
          value={dueDate}
          onValue={setDueDate}
          error={state.errors['pregnancyDueDate']}
        />
      )}
      {captcha ? (
        <CaptchaCheck
          t={t}
          locale={locale}
          settings={captcha}
          token={token}
          onToken={setToken}
          error={state.errors['securityToken']}
        />
      ) : (
        <SandboxSecurityCheck t={t} token={token} onToken={setToken} error={state.errors['securityToken']} />
      )}
      <button type="submit" className="auth-primary" disabled={state.busy}>
        {state.busy ? t('sending') : t('register')}
      </button>
    </form>
  );
}

interface SocialProps {
  t: AuthText;
  locale: Locale;
  presetPhone: string;
  onCodeSent: OnCodeSent;
}

const SOCIAL_FIELDS = ['phone', 'firstName'] as const;

/**
 * Spec §2/§4 the social sign-in's phone form (after a 206): prefilled from what the provider told,
 * titled 'Регистрация' with its hint and a 'Продолжить' button; on success the code form follows.
 */
export function SocialRegistrationForm({ t, locale, presetPhone, onCodeSent }: SocialProps) {
  const [pending, setPending] = useState<{ provider: string; email: string } | null | 'loading'>('loading');
  const [phone, setPhone] = useState(() => maskPhone(presetPhone));
  const [firstName, setFirstName] = useState('');
  const { state, form, check, checkField, send } = useAuthForm(t, locale, SOCIAL_FIELDS);

  useEffect(() => {
    let live = true;
    void loadSocialPending().then((result) => {
      if (!live) return;
      const found = result.ok ? result.value.pending : null;
      setPending(found && { provider: found.provider, email: found.email });
      if (found) setFirstName((typed) => typed || found.name);
    });
    return () => {
      live = false;
    };
  }, []);

  async function submit() {
    if (pending === null || pending === 'loading') return;
    const p = checkPhone(phone);
    const n = checkFirstName(firstName);
    if (!check({ phone: p.ok ? null : p.rule, firstName: n.ok ? null : n.rule }) || !p.ok || !n.ok) return;
    const body = { phone: p.value, firstName: n.value, email: pending.email };
    const answer = await send(() => registerSocial(body));
    if (answer) onCodeSent(p.value, answer.diff, () => registerSocial(body));
  }

  if (pending === null) {
    return (
      <p className="auth-form-error" role="alert">
        {t('socialExpired')}
      </p>
    );
  }
  return (
    <form
      ref={form}
      className="auth-form"
      noValidate
      aria-busy={pending === 'loading'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="auth-hint">{t('socialHint')}</p>
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
        name="firstName"
        label={t('firstName')}
        autoComplete="given-name"
        maxLength={80}
        value={firstName}
        onValue={setFirstName}
        error={state.errors['firstName']}
      />
      <button type="submit" className="auth-primary" disabled={state.busy || pending === 'loading'}>
        {state.busy ? t('sending') : t('continue')}
      </button>
    </form>
  );
}
