import { z } from 'zod';

/**
 * The two languages of the shop as the services and the storefront name them (language codes:
 * `uk` is Ukrainian; its URL prefix `ua` is the storefront's business, src/i18n/locale.ts).
 */
export const LOCALES = ['ru', 'uk'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/** A lowercase latin slug (`detskaya-odezhda`): product, brand, category and catalogue slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a string of SLUG_PATTERN. */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && SLUG_PATTERN.test(value);
}

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
