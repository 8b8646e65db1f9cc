import { maskPhone, normalizePhone, phoneFault, type PhoneFault } from '../../domain/validation/phoneDigits.ts';

/**
 * The phone mask's edit (issue 29): what an input shows after the shopper typed, pasted or deleted,
 * and where the caret goes. Shared by the React islands (usePhoneMask.ts) and the plain forms'
 * scripts (attachPhoneMask below), so every phone field of the shop behaves the same.
 *
 * The caret keeps the digits that follow it: the mask only rewrites what comes before them (the
 * country code and the spaces), so counting from the end puts it back where the shopper was.
 * Deleting a space the mask would only put back deletes the digit before it instead.
 */
export interface PhoneEdit {
  value: string;
  caret: number;
}

const digitsIn = (text: string) => normalizePhone(text).length;

export function phoneEdit(previous: string, raw: string, caret: number): PhoneEdit {
  let typed = raw;
  let at = caret;
  if (raw.length === previous.length - 1 && normalizePhone(raw) === normalizePhone(previous)) {
    // Only a separator went: take the digit before the caret with it (backspace over a space).
    const before = raw.slice(0, at).search(/\d\D*$/);
    if (before >= 0) {
      typed = raw.slice(0, before) + raw.slice(before + 1);
      at = before;
    }
  }
  const value = maskPhone(typed);
  let after = digitsIn(typed.slice(at));
  let position = value.length;
  while (after > 0 && position > 0) {
    position -= 1;
    if (/\d/.test(value.charAt(position))) after -= 1;
  }
  return { value, caret: position };
}

/**
 * The mask on a plain form's input (`<input type="tel" data-phone-mask>`), for the pages without
 * React, and the rule as the shopper leaves the field: the page gives the messages in its language
 * (`data-phone-short`, `-long`, `-foreign`: specMessages.ts on the server), so this script carries
 * no messages of its own. The server checks the posted form again either way.
 */
export function attachPhoneMask(input: HTMLInputElement): void {
  let previous = (input.value = maskPhone(input.value));
  input.addEventListener('input', () => {
    const edit = phoneEdit(previous, input.value, input.selectionStart ?? input.value.length);
    input.value = previous = edit.value;
    if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
    // A shown message goes as soon as the number is right.
    if (input.getAttribute('aria-invalid') === 'true' && phoneFault(input.value) === null) showFault(input, null);
  });
  input.addEventListener('blur', () => {
    if (input.value.trim() !== '') showFault(input, phoneFault(input.value));
  });
}

/** The data attribute that holds each fault's message (an empty field is the submit's to name). */
const MESSAGE_DATA: Readonly<Record<PhoneFault, string | null>> = {
  required: null,
  phoneShort: 'phoneShort',
  phoneLong: 'phoneLong',
  phone: 'phoneForeign',
};

function showFault(input: HTMLInputElement, fault: PhoneFault | null): void {
  const key = fault === null ? null : MESSAGE_DATA[fault];
  const message = key === null ? undefined : input.dataset[key];
  const id = `${input.id}-error`;
  let error = document.getElementById(id);
  if (message === undefined) {
    error?.remove();
    input.removeAttribute('aria-invalid');
  } else {
    if (!error) {
      error = document.createElement('p');
      error.id = id;
      error.className = 'error';
      error.dataset['fieldError'] = input.name;
      // The form's scoped styles reach what the page rendered: the message looks like the server's.
      for (const { name } of input.attributes) if (name.startsWith('data-astro-cid')) error.setAttribute(name, '');
      input.parentElement?.append(error);
    }
    error.textContent = message;
    input.setAttribute('aria-invalid', 'true');
  }
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((ref) => ref !== '' && ref !== id);
  if (message !== undefined) described.push(id);
  if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
}
