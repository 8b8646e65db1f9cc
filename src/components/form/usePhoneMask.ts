import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { phoneEdit } from './phoneMask.ts';

/**
 * The phone mask for a React island's controlled input (issue 29): spread the answer on the
 * `<input>`; `onValue` receives the masked text (`+380 93 123 45 67`), which canonicalPhone or
 * validatePhone (src/domain/validation/phone.ts) read back. The caret stays among the digits the
 * shopper is editing instead of jumping to the end on each reformat.
 */
export function usePhoneMask(value: string, onValue: (value: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    if (input && caret.current !== null && document.activeElement === input) {
      input.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  }, [value]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const edit = phoneEdit(value, input.value, input.selectionStart ?? input.value.length);
    caret.current = edit.caret;
    onValue(edit.value);
  }

  return { ref, value, onChange };
}

/** The phone input's attributes: the tel keyboard, the browser's autofill, the mask's shape. */
export const PHONE_INPUT = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
  placeholder: '+380 __ ___ __ __',
} as const;
