import { z } from 'zod';
import { describeIssues } from '../../api/apiError.ts';
import {
  IMAGE_FORMATS,
  IMAGE_QUALITY,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
} from '../../domain/media/responsiveImage.ts';

/**
 * The query of `/img`: the source, a width from the fixed list and the format; the quality is the
 * format's own (IMAGE_QUALITY), as in every URL the pages spell (responsiveImage.ts names no `q`),
 * lowered by the endpoint for a request with `Save-Data: on` (a header, not the URL).
 * Anything else is a 400, a `q` included. Not a redirect to the nearest variant: no page ever
 * spelled another quality, so there is no old link to keep alive, and a redirect would still
 * answer every junk URL (and a CDN keep each one) for nothing.
 */
export const imageQuerySchema = z
  .object({
    src: z.string().min(1).max(2048),
    w: z.coerce.number().pipe(z.literal(IMAGE_WIDTHS)),
    f: z.enum(IMAGE_FORMATS).default('webp'),
  })
  .strict()
  .transform((query) => ({ ...query, q: IMAGE_QUALITY[query.f] }));

/** One picture `/img` can make of a source. */
export interface ImageVariant {
  w: ImageWidth;
  f: ImageFormat;
  q: number;
}

/** Every variant `/img` makes of one source (16: 8 widths × 2 formats × 1 quality each). */
export function imageVariants(): ImageVariant[] {
  return IMAGE_FORMATS.flatMap((f) => IMAGE_WIDTHS.map((w) => ({ w, f, q: IMAGE_QUALITY[f] })));
}

/** The parsed query, or the names of the parameters that were wrong. */
export function parseImageQuery(
  params: URLSearchParams,
): { ok: true; query: z.infer<typeof imageQuerySchema> } | { ok: false; problems: string } {
  // A repeated parameter is ambiguous (which one would a CDN use?): refuse it rather than pick.
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return { ok: false, problems: 'repeated parameter' };
  const parsed = imageQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, problems: describeIssues(parsed.error.issues, 'query') };
}
