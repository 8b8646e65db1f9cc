import { z } from 'zod';
import { commonSearchQuerySchema, MAX_IDS_PER_REQUEST } from './searchParams.ts';

/**
 * `GET /public/nomenclature?ids[0]=..` of the search service: which product each variant
 * (nomenclature id, the spec's `internalId`) belongs to. Ours, beyond the spec: the spec's basket
 * check and order lines name only the variant, and the search contract reads products by product
 * id, so the order service asks here first (docs/decisions.md "The services take the spec's
 * payloads"). Every variant the catalogue holds is answered, archival ones too; unknown ids are
 * left out. At most 50 ids a request, like products by ids.
 */
export const VARIANT_PRODUCTS_PATH = '/public/nomenclature';

export const variantProductsQuerySchema = commonSearchQuerySchema.extend({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z
      .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(MAX_IDS_PER_REQUEST, `at most ${MAX_IDS_PER_REQUEST} ids a request`),
  ),
});

export const variantProductsSchema = z.object({
  items: z.array(z.object({ internalId: z.number().int(), productId: z.number().int() })),
});
export type VariantProducts = z.infer<typeof variantProductsSchema>;
