import { z } from 'zod';

/** Body of `POST /api/revalidate`: tags and/or paths to drop from the route cache. */
export const revalidateBodySchema = z
  .object({
    tags: z.array(z.string().min(1).max(200)).max(200).default([]),
    paths: z
      .array(
        z
          .string()
          .max(2048)
          .regex(/^\/[^\s]*$/, 'a path starts with / and has no spaces'),
      )
      .max(200)
      .default([]),
  })
  .refine((body) => body.tags.length + body.paths.length > 0, { message: 'give at least one tag or path' });
