/** Delivery weight of a variant (spec §9: "the larger of weight and capacity divided by 4000"). */

/** Volumetric divisor: capacity in cm³ / 4000 gives the carriers' volumetric kilograms. */
export const VOLUMETRIC_DIVISOR = 4000;

export interface WeightInput {
  /** Kilograms. */
  weight: number | null | undefined;
  /** Cubic centimetres. */
  capacity: number | null | undefined;
}

/** Missing, negative, NaN or infinite measures count as 0. */
function measure(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** max(weight, capacity / 4000), in kilograms; 0 when neither is known. */
export function deliveryWeight({ weight, capacity }: WeightInput): number {
  return Math.max(measure(weight), measure(capacity) / VOLUMETRIC_DIVISOR);
}
