import { useState } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import { checkPassword, checkRepeat } from '../../domain/auth/authRules.ts';
import { setPassword } from '../../stores/auth.ts';
import { AuthField, FormError, useAuthForm } from './AuthField.tsx';
import type { AuthText } from './authText.ts';

interface Props {
  t: AuthText;
  locale: Locale;
  /** Spec §2/§4: after a recovery the password may be set later (straight to the greeting). */
  canSkip: boolean;
  onDone: () => void;
}

const FIELDS = ['password', 'repeat'] as const;

/** Spec §2 the set-new-password / change-password form (the last confirmed code allows it). */
export function PasswordForm({ t, locale, canSkip, onDone }: Props) {
  const [password, setValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const { state, form, check, send } = useAuthForm(t, locale, FIELDS);

  async function submit() {
    const p = checkPassword(password);
    const r = checkRepeat(password, repeat);
    if (!check({ password: p.ok ? null : p.rule, repeat: r.ok ? null : r.rule }) || !p.ok || !r.ok) return;
    const answer = await send(() => setPassword(p.value));
    if (answer) onDone();
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
      <AuthField
        name="password"
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        note={t('passwordHint')}
        value={password}
        onValue={setValue}
        error={state.errors['password']}
      />
      <AuthField
        name="repeat"
        label={t('repeatPassword')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onValue={setRepeat}
        error={state.errors['repeat']}
      />
      <button type="submit" className="auth-primary" disabled={state.busy}>
        {state.busy ? t('sending') : t('savePassword')}
      </button>
      {canSkip && (
        <button type="button" className="auth-link" disabled={state.busy} onClick={onDone}>
          {t('setLater')}
        </button>
      )}
    </form>
  );
}
