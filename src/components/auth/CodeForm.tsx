import { useEffect, useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { CodeSentAnswer, SessionState } from '../../api/schemas/session.ts';
import type { SessionResult } from '../../api/session.ts';
import { checkCode, formatCountdown, resendAt, secondsLeft } from '../../domain/auth/authRules.ts';
import { formatPhone } from '../../domain/format/phone.ts';
import { confirmRecovery, confirmRegistration } from '../../stores/auth.ts';
import { AuthField, FormError, useAuthForm } from './AuthField.tsx';
import type { AuthText } from './authText.ts';

interface Props {
  t: AuthText;
  locale: Locale;
  phone: string;
  purpose: 'registration' | 'recovery';
  /** Seconds until another code may be asked for (the server's `diff`). */
  diff: number;
  resend: () => Promise<SessionResult<CodeSentAnswer>>;
  onConfirmed: (session: SessionState) => void;
  onChangePhone: () => void;
}

const FIELDS = ['code'] as const;

/** Spec §2 the code form (registration or recovery), with the resend timer of spec §4. */
export function CodeForm({ t, locale, phone, purpose, diff, resend, onConfirmed, onChangePhone }: Props) {
  const [code, setCode] = useState('');
  const [until, setUntil] = useState(() => resendAt(Date.now(), diff));
  const [resent, setResent] = useState(false);
  const { state, form, check, send } = useAuthForm(t, locale, FIELDS);

  async function submit() {
    const c = checkCode(code);
    if (!check({ code: c.ok ? null : c.rule }) || !c.ok) return;
    const confirm = purpose === 'registration' ? confirmRegistration : confirmRecovery;
    const answer = await send(() => confirm(phone, c.value));
    if (answer) onConfirmed(answer.session);
  }

  async function again() {
    const answer = await send(resend);
    if (!answer) return;
    setUntil(resendAt(Date.now(), answer.diff));
    setResent(true);
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
      <p className="auth-hint">{t('codeSent', { phone: formatPhone(phone) })}</p>
      <FormError error={state.formError} />
      <AuthField
        name="code"
        label={t('code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        value={code}
        onValue={setCode}
        error={state.errors['code']}
      />
      <button type="submit" className="auth-primary" disabled={state.busy}>
        {state.busy ? t('sending') : t('confirm')}
      </button>
      <ResendControl key={until} t={t} until={until} busy={state.busy} resent={resent} onResend={() => void again()} />
      <button type="button" className="auth-link" onClick={onChangePhone}>
        {t('changePhone')}
      </button>
    </form>
  );
}

interface ResendProps {
  t: AuthText;
  until: number;
  busy: boolean;
  resent: boolean;
  onResend: () => void;
}

/** Spec §4: counts down to `until`; at zero the resend control appears. */
function ResendControl({ t, until, busy, resent, onResend }: ResendProps) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  // Ticks only while counting; a new `until` (a resent code) starts it again.
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  return (
    <div className="auth-resend">
      {resent && left > 0 && (
        <p className="auth-note" role="status">
          {t('resent')}
        </p>
      )}
      {left > 0 ? (
        <p className="auth-note">{t('resendIn', { time: formatCountdown(left) })}</p>
      ) : (
        <button type="button" className="auth-link" disabled={busy} onClick={onResend}>
          {t('resend')}
        </button>
      )}
    </div>
  );
}
