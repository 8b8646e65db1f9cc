import {
  checkoutDraftKey,
  parseCheckoutDraft,
  serializeCheckoutDraft,
  type CheckoutForm,
} from '../../domain/checkout/checkoutForm.ts';
import { parseOrderIntent, type OrderIntent } from '../../domain/checkout/orderSubmission.ts';

/**
 * What this tab keeps of the order under way, in sessionStorage: the form's draft (a reload loses
 * nothing typed) and the order's intent (its idempotency key, so a resend after a reload places the
 * order once). Sign-out clears both (src/stores/sessionEffects.ts spells the same keys).
 */

const DRAFT_KEY = checkoutDraftKey();
const INTENT_KEY = `${DRAFT_KEY}_intent`;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (privacy mode): the draft lives only as long as the page.
  }
}

/** The draft typed before a reload (an empty form when there is none or it is not ours). */
export function restoreDraft(): CheckoutForm {
  return parseCheckoutDraft(read(DRAFT_KEY));
}

export function saveDraft(form: CheckoutForm): void {
  write(DRAFT_KEY, serializeCheckoutDraft(form));
}

export function readIntent(): OrderIntent | null {
  return parseOrderIntent(read(INTENT_KEY));
}

/** Keeps the intent of the order being sent; null forgets it (placed, or spent). */
export function saveIntent(intent: OrderIntent | null): void {
  write(INTENT_KEY, intent === null ? null : JSON.stringify(intent));
}
