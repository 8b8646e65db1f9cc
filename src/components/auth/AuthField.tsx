import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { EndpointRefusal } from '../../api/schemas/endpoint.ts';
import { authRuleMessage } from '../../domain/auth/authMessages.ts';
import { refusalField } from '../../domain/auth/authRefusal.ts';
import { checkPhone, type AuthRule } from '../../domain/auth/authRules.ts';
import { PHONE_INPUT, usePhoneMask } from '../form/usePhoneMask.ts';
import type { AuthText } from './authText.ts';

/** A refused or unreachable call, as the session client answers it. */
type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: EndpointRefusal };

/** Spec §8 1105: a social registration with a phone that has an account shows under this title. */
const PHONE_TAKEN = 1105;

export interface AuthFormState {
  /** Message per input name. */
  errors: Readonly<Record<string, string>>;
  /** A message for the whole form (a refusal with no field of this form), with its title if any. */
  formError: { title: string | null; message: string } | null;
  busy: boolean;
}

/**
 * One form's errors and sending: the rules' failures go under their inputs, a refusal of the
 * server on the input it names (or above the form), and after each failed try the focus goes to
 * the first message's input (or the form's message), so a keyboard or screen-reader user hears it.
 */
export function useAuthForm(t: AuthText, locale: Locale, fields: readonly string[]) {
  const [state, setState] = useState<AuthFormState>({ errors: {}, formError: null, busy: false });
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // A layout effect: the focus moves in the same commit that shows the message, never a frame later
  // (a screen reader hears the message as it appears, and nothing can move the focus in between).
  useLayoutEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-auth-form-error]')?.focus();
  }, [attempt]);

  /** Shows the broken rules; true when there are none. */
  function check(broken: Readonly<Record<string, AuthRule | null>>): boolean {
    const errors: Record<string, string> = {};
    for (const name of fields) {
      const rule = broken[name];
      if (rule) errors[name] = authRuleMessage(rule, locale);
    }
    if (Object.keys(errors).length === 0) return true;
    setState({ errors, formError: null, busy: false });
    setAttempt((n) => n + 1);
    return false;
  }

  /**
   * One field's rule as the shopper leaves it (issue 29): its message appears, or goes once the
   * field is right; the focus stays where the shopper put it.
   */
  function checkField(name: string, rule: AuthRule | null) {
    setState((current) => {
      const errors = { ...current.errors };
      if (rule) errors[name] = authRuleMessage(rule, locale);
      else delete errors[name];
      return { ...current, errors };
    });
  }

  /** Sends; the answer's value, or null after showing its refusal. */
  async function send<T>(call: () => Promise<Outcome<T>>): Promise<T | null> {
    setState({ errors: {}, formError: null, busy: true });
    const result = await call();
    if (result.ok) {
      setState((current) => ({ ...current, busy: false }));
      return result.value;
    }
    const { code, message } = result.refusal;
    // The modal shows one message: on the first field the envelope names, else above the form (spec §8).
    const first = result.refusal.fields[0];
    const on = refusalField(first?.field ?? null, fields);
    // Code 0: no answer of the endpoint (offline, timeout, a broken body): its detail is technical.
    const text = code === 0 ? t('unreachable') : on !== null && first ? first.message : message;
    setState(
      on === null
        ? { errors: {}, formError: { title: code === PHONE_TAKEN ? t('authError') : null, message: text }, busy: false }
        : { errors: { [on]: text }, formError: null, busy: false },
    );
    setAttempt((n) => n + 1);
    return null;
  }

  return { state, form, check, checkField, send };
}

/** The message above a form: focusable so the focus can be put on it. */
export function FormError({ error }: { error: AuthFormState['formError'] }) {
  if (!error) return null;
  return (
    <div className="auth-form-error" role="alert" tabIndex={-1} data-auth-form-error>
      {error.title && <strong>{error.title}</strong>} <span>{error.message}</span>
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  note?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Instead of onValue, when the field needs the event (the phone mask reads the caret). */
  onChangeEvent?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A labelled input whose error is under it, tied to it by aria-describedby. */
export function AuthField({ name, label, value, onValue, error, note, inputRef, onChangeEvent, ...input }: FieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', note ? `${id}-note` : ''].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={onChangeEvent ?? ((event) => onValue(event.currentTarget.value))}
      />
      {note && (
        <p className="auth-note" id={`${id}-note`}>
          {note}
        </p>
      )}
      {error && (
        <p className="auth-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The phone input of the login, registration and social completion forms: the tel keyboard, the
 * mask (+380 93 123 45 67), and the rule checked as the shopper leaves a field she typed in
 * (`onCheck`; an untouched empty field is left for the submit to name).
 */
export function PhoneField({
  onCheck,
  ...props
}: Pick<FieldProps, 'name' | 'label' | 'value' | 'onValue' | 'error'> & {
  onCheck: (rule: AuthRule | null) => void;
}) {
  const mask = usePhoneMask(props.value, (value) => {
    props.onValue(value);
    // A shown message goes as soon as the number is right, not only on the next blur.
    if (props.error && checkPhone(value).ok) onCheck(null);
  });
  return (
    <AuthField
      {...props}
      {...PHONE_INPUT}
      inputRef={mask.ref}
      onChangeEvent={mask.onChange}
      onBlur={() => {
        if (props.value.trim() === '') return;
        const checked = checkPhone(props.value);
        onCheck(checked.ok ? null : checked.rule);
      }}
    />
  );
}
