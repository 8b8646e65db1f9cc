import { atom, computed } from 'nanostores';
import { shortageKey, shortLines, type ShortLine } from '../../domain/checkout/stockShortage.ts';
import { $basket } from '../basket.ts';
import { pageLocale } from '../net.ts';

/**
 * Lines the stock no longer fills (src/domain/checkout/stockShortage.ts) and whether the shopper
 * has confirmed the smaller order: she confirms exactly what the button showed her (its key), so a
 * check that lands as she taps cannot send an order she has not seen.
 */

export interface StockShortage {
  lines: ShortLine[];
  /** '' when every line is filled. */
  key: string;
}

export const $stockShortage = computed($basket, (basket): StockShortage => {
  const lines = shortLines(basket.items, pageLocale());
  return { lines, key: shortageKey(lines) };
});

const $confirmedShortage = atom('');

/** A shortage the shopper has not confirmed yet: the button asks her to, with the new total. */
export const $shortageToConfirm = computed(
  [$stockShortage, $confirmedShortage],
  (shortage, confirmed): string | null => (shortage.key === '' || shortage.key === confirmed ? null : shortage.key),
);

/**
 * The shopper tapped the button that showed the shortage `shownKey` (null: it showed none). True
 * when the order may go: nothing new is short, or what is short is what she confirmed.
 */
export function confirmShortage(shownKey: string | null): boolean {
  const pending = $shortageToConfirm.get();
  if (pending === null) return true;
  if (pending !== shownKey) return false;
  $confirmedShortage.set(pending);
  return true;
}
