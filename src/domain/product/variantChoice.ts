/**
 * The variant picker's rule (issue 29): which variant a colour and a size choose, shared by the
 * server (the page of `?color=&size=`) and the picker in the browser (the same choice in place).
 *
 * A size is chosen only by the shopper: a colour offered in more than one size chooses no variant
 * until a size is picked (one tap must not buy the first size); a colour in one size, or without
 * sizes, chooses that variant. Switching colour keeps the size when the new colour has it.
 */

/** One variant as the picker knows it: its colour slug and its size slug (null without a size). */
export interface ChoiceVariant {
  color: string;
  size: string | null;
}

/** The variants of `color`, in the list's order (the sizes' ordering). */
export function variantsOfColor<V extends ChoiceVariant>(variants: readonly V[], color: string): V[] {
  return variants.filter((v) => v.color === color);
}

/** The chosen variant of a colour and a size, or null while a size is still to be picked. */
export function chosenVariant<V extends ChoiceVariant>(
  variants: readonly V[],
  color: string,
  size: string | null | undefined,
): V | null {
  const inColor = variantsOfColor(variants, color);
  if (inColor.length === 1) return inColor[0] ?? null;
  return inColor.find((v) => size !== null && size !== undefined && v.size === size) ?? null;
}

/** The size kept when the shopper switches to `color`: the same size if that colour has it, else none. */
export function sizeAfterColorChange(
  variants: readonly ChoiceVariant[],
  color: string,
  size: string | null,
): string | null {
  return variantsOfColor(variants, color).some((v) => v.size === size) ? size : null;
}

/** The URL of a choice: the product's path with `?color=` and, once chosen, `&size=` (the links' own form). */
export function choiceHref(base: string, color: string, size: string | null): string {
  return `${base}?${new URLSearchParams(size ? { color, size } : { color })}`;
}

/** The lowest final price among `prices`, and whether the others differ from it («від N грн»). */
export function priceFrom(prices: readonly number[]): { lowest: number; isRange: boolean } | null {
  if (prices.length === 0) return null;
  const lowest = Math.min(...prices);
  return { lowest, isRange: prices.some((price) => price !== lowest) };
}
