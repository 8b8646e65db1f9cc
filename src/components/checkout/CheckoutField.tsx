import type { ReactNode } from 'react';
import type { CheckoutField as FieldName, FieldError } from '../../domain/checkout/checkoutValidation.ts';

/** The id of a field's control: the store focuses the first refused field by it. */
export function fieldId(field: FieldName): string {
  return `checkout-${field}`;
}

/** The message for a field, if the rules or the service gave one. */
export function errorOf(errors: readonly FieldError[], field: FieldName): string | null {
  return errors.find((e) => e.field === field)?.message ?? null;
}

interface TextFieldProps {
  field: FieldName;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** The shopper left the field (its message is judged from then on). */
  onBlur?: (value: string) => void;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  placeholder?: string;
  /** Shown after the label, e.g. "optional". */
  note?: string;
  maxLength?: number;
}

/** A labelled text input whose message is tied to it (aria-describedby, aria-invalid). */
export function TextField(props: TextFieldProps) {
  const id = fieldId(props.field);
  return (
    <div className={props.error ? 'checkout-field checkout-field-error' : 'checkout-field'}>
      <label htmlFor={id}>
        {props.label}
        {props.note && <span className="checkout-note"> ({props.note})</span>}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        aria-invalid={props.error !== null}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onBlur={(event) => props.onBlur?.(event.currentTarget.value)}
      />
      <FieldMessage id={id} error={props.error} />
    </div>
  );
}

/** A field's message, announced when it appears. */
export function FieldMessage({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p className="checkout-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

/** A group of choices (radio buttons) with its legend and message. */
export function ChoiceGroup(props: { field: FieldName; legend: string; error: string | null; children: ReactNode }) {
  const id = fieldId(props.field);
  return (
    <fieldset
      className={props.error ? 'checkout-choices checkout-field-error' : 'checkout-choices'}
      id={id}
      tabIndex={-1}
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend>{props.legend}</legend>
      {props.children}
      <FieldMessage id={id} error={props.error} />
    </fieldset>
  );
}
