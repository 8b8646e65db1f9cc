import { z } from 'zod';
import { DEFAULT_QUALITY, IMAGE_FORMATS, IMAGE_WIDTHS } from '../../domain/media/responsiveImage.ts';

/**
 * The query of `/img`: the source, a width from the fixed list, the format and a quality in steps
 * of 5 (enough choice for a CDN-style URL, few enough variants to cache). Anything else is a 400.
 */
export const imageQuerySchema = z
  .object({
    src: z.string().min(1).max(2048),
    w: z.coerce.number().pipe(z.literal(IMAGE_WIDTHS)),
    f: z.enum(IMAGE_FORMATS).default('webp'),
    q: z.coerce.number().int().min(40).max(90).multipleOf(5).optional(),
  })
  .strict()
  // Each format's own default: the two encoders' scales differ (see DEFAULT_QUALITY).
  .transform(({ q, ...query }) => ({ ...query, q: q ?? DEFAULT_QUALITY[query.f] }));

/** The parsed query, or the names of the parameters that were wrong. */
export function parseImageQuery(
  params: URLSearchParams,
): { ok: true; query: z.infer<typeof imageQuerySchema> } | { ok: false; problems: string } {
  // A repeated parameter is ambiguous (which one would a CDN use?): refuse it rather than pick.
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return { ok: false, problems: 'repeated parameter' };
  const parsed = imageQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => issue.path.join('.') || issue.message).join(', ') };
}
