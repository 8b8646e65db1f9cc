import { visibleVariants, type PricedVariant } from '../catalog/variants.ts';

/** Spec §3: a variant with no colour gets the colour slug `without-color`. */
export const WITHOUT_COLOR = 'without-color';

interface Presentation {
  slug: string;
  title: string;
  titleUkr?: string | undefined;
  ordering: number;
}

export interface SelectableVariant extends PricedVariant {
  id: number;
  totalAmount: number;
  colorPresentation:
    (Presentation & { additionalConfig?: { cssBackground?: string | undefined } | null | undefined }) | null;
  sizePresentation: Presentation | null;
}

export type VariantType = 'TYPE_COLOR_SIZE' | 'TYPE_COLOR' | 'TYPE_SIZE' | 'TYPE_WITHOUT_PRESENTATION';

/** Spec §3: the type follows from which presentations the variant has. */
export function variantType(v: Pick<SelectableVariant, 'colorPresentation' | 'sizePresentation'>): VariantType {
  if (v.colorPresentation && v.sizePresentation) return 'TYPE_COLOR_SIZE';
  if (v.colorPresentation) return 'TYPE_COLOR';
  if (v.sizePresentation) return 'TYPE_SIZE';
  return 'TYPE_WITHOUT_PRESENTATION';
}

export const colorSlug = (v: Pick<SelectableVariant, 'colorPresentation'>) =>
  v.colorPresentation?.slug ?? WITHOUT_COLOR;
const sizeSlug = (v: Pick<SelectableVariant, 'sizePresentation'>) => v.sizePresentation?.slug ?? null;

export interface ColorOption {
  slug: string;
  title: string;
  titleUkr: string;
  cssBackground: string | null;
  /** Spec §4: a colour is available when its summed stock is above zero. */
  available: boolean;
}

export interface SizeOption {
  slug: string;
  title: string;
  available: boolean;
}

const byOrdering = (a: { ordering: number }, b: { ordering: number }) => a.ordering - b.ordering;

/** Colours of the visible variants by their ordering; `first` (the first chosen colour) moves to the front. */
export function colorOptions(variants: readonly SelectableVariant[], first?: string | null): ColorOption[] {
  const shown = visibleVariants(variants);
  const options = new Map<string, ColorOption & { ordering: number }>();
  for (const v of shown.toSorted((a, b) =>
    byOrdering(a.colorPresentation ?? { ordering: 0 }, b.colorPresentation ?? { ordering: 0 }),
  )) {
    const slug = colorSlug(v);
    const existing = options.get(slug);
    if (existing) {
      existing.available ||= v.totalAmount > 0;
      continue;
    }
    options.set(slug, {
      slug,
      title: v.colorPresentation?.title ?? '',
      titleUkr: v.colorPresentation?.titleUkr ?? v.colorPresentation?.title ?? '',
      cssBackground: v.colorPresentation?.additionalConfig?.cssBackground ?? null,
      available: v.totalAmount > 0,
      ordering: v.colorPresentation?.ordering ?? 0,
    });
  }
  const list = [...options.values()].map(({ ordering: _ordering, ...option }) => option);
  const index = first ? list.findIndex((o) => o.slug === first) : -1;
  if (index > 0) list.unshift(...list.splice(index, 1));
  return list;
}

/** Sizes offered in one colour, by their ordering, each with its stock state. */
export function sizeOptions(variants: readonly SelectableVariant[], color: string): SizeOption[] {
  return visibleVariants(variants)
    .filter((v) => colorSlug(v) === color && v.sizePresentation)
    .toSorted((a, b) => byOrdering(a.sizePresentation ?? { ordering: 0 }, b.sizePresentation ?? { ordering: 0 }))
    .map((v) => ({ slug: sizeSlug(v) ?? '', title: v.sizePresentation?.title ?? '', available: v.totalAmount > 0 }));
}

/**
 * The variant a page stands for (JSON-LD, hearts, reviews; the cards' heart). Since issue 29 the
 * product page chooses no size for the shopper (variantChoice.ts `chosenVariant`); this stays the
 * representative. The variant for a requested colour and size (spec §4): choosing a colour selects the first size
 * with stock in that colour, otherwise the first size; a size that exists in the colour is kept (so
 * changing only the size keeps the colour). Without a valid colour the first available colour is
 * taken. Null when nothing can be shown.
 */
export function selectVariant<V extends SelectableVariant>(
  variants: readonly V[],
  wanted: { color?: string | null; size?: string | null },
): V | null {
  const shown = visibleVariants(variants);
  if (shown.length === 0) return null;
  const colors = colorOptions(shown);
  const color =
    colors.find((c) => c.slug === wanted.color)?.slug ??
    colors.find((c) => c.available)?.slug ??
    colors[0]?.slug ??
    WITHOUT_COLOR;
  const inColor = shown
    .filter((v) => colorSlug(v) === color)
    .toSorted((a, b) => byOrdering(a.sizePresentation ?? { ordering: 0 }, b.sizePresentation ?? { ordering: 0 }));
  return (
    inColor.find((v) => wanted.size !== null && wanted.size !== undefined && sizeSlug(v) === wanted.size) ??
    inColor.find((v) => v.totalAmount > 0) ??
    inColor[0] ??
    null
  );
}
