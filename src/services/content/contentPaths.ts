import { z } from 'zod';
import { localeSchema } from '../../api/schemas/common.ts';
import { contentSlugSchema, projectCodeSchema } from '../../api/schemas/content.ts';

/** Path parameters of the content service's public and editor routes. */

/** `/{project}/{slug}/{locale}`: a block, page, slider, post or promotion in one language. */
export const slugLocalePath = z.object({ project: projectCodeSchema, slug: contentSlugSchema, locale: localeSchema });

/** `/{project}/{slug}`: a thing in every language (the editor's posts and promotions, a slider in ru). */
export const slugPath = z.object({ project: projectCodeSchema, slug: contentSlugSchema });

/** `/{project}/{locale}`: a list. */
export const listPath = z.object({ project: projectCodeSchema, locale: localeSchema });

/** A row id in a path (product, slide): SQLite's INTEGER as the services hand it out, 32-bit signed. */
export const rowIdSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
