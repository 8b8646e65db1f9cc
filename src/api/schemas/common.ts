import { z } from 'zod';

/** Localized label: the services return both languages so one cached response serves both sites. */
export const localizedTitle = {
  title: z.string(),
  titleUkr: z.string(),
};

/** `{ slug, title }` pair used by product.folderCategory, product.category and brand references. */
export const slugTitleSchema = z.object({
  slug: z.string(),
  title: z.string(),
  titleUkr: z.string().optional(),
});
export type SlugTitle = z.infer<typeof slugTitleSchema>;

/** Health answer of every embedded service (`GET /health`). */
export const healthSchema = z.object({
  service: z.string(),
  status: z.literal('ok'),
});
export type Health = z.infer<typeof healthSchema>;

/** Error body every embedded service answers with on 4xx/5xx. `code` follows the spec's catalogue where it has one. */
export const serviceErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
});
export type ServiceErrorBody = z.infer<typeof serviceErrorSchema>;
