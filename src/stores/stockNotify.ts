import { atom } from 'nanostores';
import { callEndpoint } from '../api/endpointCall.ts';
import { pageLocale } from './net.ts';

/**
 * «Повідомити про наявність» sent from the product page's form with JavaScript (the plain form
 * posts the same fields to the same endpoint without it). Loaded only when the form is submitted.
 */

export type StockNotifyState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'saved'; message: string }
  | { status: 'refused'; message: string; field: string | null };

export const $stockNotify = atom<StockNotifyState>({ status: 'idle' });

const messageReader = {
  safeParse(value: unknown): { success: true; data: string } | { success: false } {
    const message: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'message') : undefined;
    return typeof message === 'string' ? { success: true, data: message } : { success: false };
  },
};

export async function requestStockNotify(
  action: string,
  fields: { productId: number; variantId: number; contact: string },
  failedText: string,
): Promise<void> {
  if ($stockNotify.get().status === 'sending') return;
  $stockNotify.set({ status: 'sending' });
  // The action already names the page's language for the plain form (`?locale=uk`).
  const result = await callEndpoint(action, messageReader, {
    body: fields,
    ...(action.includes('locale=') ? {} : { locale: pageLocale() }),
  });
  if (result.ok) {
    $stockNotify.set({ status: 'saved', message: result.value });
    return;
  }
  const problem = result.refusal.fields[0];
  $stockNotify.set({
    status: 'refused',
    message: problem?.message ?? (result.refusal.code === 0 ? failedText : result.refusal.message),
    field: problem?.field ?? null,
  });
}

/**
 * A signed-in shopper's phone (else e-mail) for the form's field; null for anyone else. The session
 * store and its client load only here, and only when the hint cookie says there is a session.
 */
export async function signedInContact(): Promise<string | null> {
  const { $session, loadSession } = await import('./auth.ts');
  if ($session.get() === null) await loadSession();
  const session = $session.get();
  if (!session?.signedIn) return null;
  const { phone, email } = session.shopper;
  return phone ? `+${phone}` : email || null;
}
