import { atom, computed } from 'nanostores';
import { fetchPageHtml, type FetchedPage } from '../api/pageHtml.ts';
import type { PickerData, PickerVariant } from '../domain/product/productPageModel.ts';
import { choiceHref, chosenVariant, sizeAfterColorChange } from '../domain/product/variantChoice.ts';
import { newestAnswer } from './net.ts';

/**
 * The product page's variant choice (issue 29): the colour and the size the shopper tapped, the
 * variant they choose (null while a size is still to be picked) and the choice's URL. The picker
 * (src/components/product/variantPicker.ts) writes it and draws the price, stock and basket form;
 * the gallery and the shops, which the server renders per variant, listen to `$variantPage`: the
 * choice's page, fetched from the route cache, whose regions replace theirs.
 */

export interface VariantChoice {
  color: string;
  size: string | null;
}

const EMPTY: PickerData = { base: '', variants: [], colors: [] };

export const $pickerData = atom<PickerData>(EMPTY);
export const $variantChoice = atom<VariantChoice>({ color: '', size: null });

export const $chosenVariant = computed([$pickerData, $variantChoice], (data, choice): PickerVariant | null =>
  chosenVariant(data.variants, choice.color, choice.size),
);

export const $choiceHref = computed([$pickerData, $variantChoice, $chosenVariant], (data, choice, chosen) =>
  choiceHref(data.base, choice.color, chosen?.size ?? null),
);

export type VariantPageState =
  | { status: 'idle' }
  | { status: 'loading'; href: string }
  | { status: 'ready'; href: string; page: FetchedPage; colorChanged: boolean }
  | { status: 'error'; href: string };

export const $variantPage = atom<VariantPageState>({ status: 'idle' });

const pages = newestAnswer();

export function initVariantChoice(data: PickerData, choice: VariantChoice): void {
  $pickerData.set(data);
  $variantChoice.set(choice);
}

function loadPage(colorChanged: boolean): void {
  const href = $choiceHref.get();
  $variantPage.set({ status: 'loading', href });
  void pages.run(async (signal) => {
    try {
      const page = await fetchPageHtml(href, { signal });
      if (!signal.aborted) $variantPage.set({ status: 'ready', href, page, colorChanged });
    } catch {
      if (!signal.aborted) $variantPage.set({ status: 'error', href });
    }
  });
}

/** A colour tapped: the size stays when the colour has it (else none is chosen). */
export function chooseColor(color: string): void {
  const before = $variantChoice.get();
  if (before.color === color) return;
  $variantChoice.set({ color, size: sizeAfterColorChange($pickerData.get().variants, color, before.size) });
  loadPage(true);
}

export function chooseSize(size: string): void {
  const before = $variantChoice.get();
  if (before.size === size) return;
  $variantChoice.set({ color: before.color, size });
  loadPage(false);
}
