import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { isFields, parseJson } from '../storage/lenientJson.ts';
import { localizeSpecText } from '../validation/specMessages.ts';
import type { CheckoutForm } from './checkoutForm.ts';
import type { CheckoutField, FieldError } from './checkoutValidation.ts';

/**
 * Sending the order over a flaky connection (issue 10): one Idempotency-Key per intent, the same
 * key again for every retry of the same order, and which failures may be retried. The order
 * service answers a repeated key with the order it already placed, so a retry after a lost answer
 * never makes a second order; a changed order gets a new key (the service refuses a known key with
 * another body).
 */

/** How long one attempt may take before it counts as lost (the service itself answers in milliseconds). */
export const ORDER_ATTEMPT_TIMEOUT_MS = 15_000;

/** Waits before the automatic retries after a lost answer; then the shopper is asked to try again. */
export const ORDER_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** What the transport says of a failed attempt (ApiError's kind and status, 0 without an answer). */
export interface AttemptFailure {
  kind: 'http' | 'timeout' | 'network' | 'parse';
  status: number;
}

/**
 * A failure after which the same request may be sent again: no answer (timeout, network), an
 * answer that could not be read, or a server error. The key makes any of these safe: if the order
 * was placed, the retry answers it. A 4xx is the service's word on this order and is not retried.
 */
export function isRetryable(failure: AttemptFailure): boolean {
  if (failure.kind !== 'http') return true;
  return failure.status >= 500 || failure.status === 408 || failure.status === 429;
}

/** The order being sent: its key and the exact body it was first sent with. */
export interface OrderIntent {
  key: string;
  body: string;
}

/**
 * The intent to send `body` with: the stored one when it carries this very body (a retry, a second
 * click, a reload during sending), otherwise a new key.
 */
export function intentFor(stored: OrderIntent | null, body: string, newKey: () => string): OrderIntent {
  return stored !== null && stored.body === body ? stored : { key: newKey(), body };
}

/** The stored intent, or null for anything else (storage is never trusted). */
export function parseOrderIntent(raw: string | null | undefined): OrderIntent | null {
  const value = parseJson(raw);
  if (!isFields(value)) return null;
  const { key, body } = value;
  return isIdempotencyKey(key) && typeof body === 'string' ? { key, body } : null;
}

/** The service's names for what the form calls otherwise (the payload's names, spec §3). */
const PAYLOAD_FIELDS: Readonly<Record<string, CheckoutField>> = {
  deliveryBranch: 'deliveryBranchRef',
  deliveryShop: 'shopRef',
  deliveryCarrier: 'deliveryMethodSlug',
  deliveryType: 'deliveryMethodSlug',
  cityRef: 'city',
  cityId: 'city',
  region: 'city',
  district: 'city',
  streetTypeName: 'street',
  streetRef: 'street',
  certificates: 'items',
  chosenGiftItems: 'items',
  subscriptionItems: 'items',
};

const FORM_FIELDS: ReadonlySet<string> = new Set<keyof CheckoutForm>([
  'city',
  'phone',
  'firstName',
  'lastName',
  'email',
  'deliveryMethodSlug',
  'deliveryBranchRef',
  'paymentType',
  'paymentParts',
  'street',
  'building',
  'apartment',
  'comment',
  'usedBonuses',
  'shopRef',
  'recipientPhone',
  'recipientFirstName',
  'recipientLastName',
  'tryClothes',
]);

function isFormField(name: string): name is CheckoutField {
  return FORM_FIELDS.has(name);
}

/** The form field a service field path belongs to (`items.0.quantity` → items), null when none does. */
export function formFieldOf(path: string): CheckoutField | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'items') return 'items';
  const mapped = PAYLOAD_FIELDS[head];
  if (mapped !== undefined) return mapped;
  return isFormField(head) ? head : null;
}

/**
 * The service's per-field refusal laid on the form, in the page's language: each message next to
 * its field (the first per field), and the messages no field of the form owns, to show above the button.
 */
export function refusalErrors(
  fields: readonly { field: string; message: string }[],
  locale: Locale,
): {
  errors: FieldError[];
  general: string[];
} {
  const errors: FieldError[] = [];
  const general: string[] = [];
  for (const { field, message: said } of fields) {
    // The service answers the spec's messages as the spec words them: shown in the page's language.
    const message = localizeSpecText(said, locale) ?? said;
    const formField = formFieldOf(field);
    if (formField === null || formField === 'items') {
      if (!general.includes(message)) general.push(message);
    } else if (!errors.some((e) => e.field === formField)) {
      errors.push({ field: formField, message });
    }
  }
  return { errors, general };
}
