import type { APIRoute } from 'astro';
import { imageConfig } from '../server/config.ts';
import { createImageEndpoint } from '../server/images/imageEndpoint.ts';

/**
 * The image service `/img` (src/server/images/imageEndpoint.ts): only the variants pages ask for,
 * kept in memory and on disk (IMAGE_CACHE_DIR, at most IMAGE_CACHE_MAX_MB), cold ones made in a
 * bounded line where clients take turns (a 503 with Retry-After past it).
 */
const images = createImageEndpoint(imageConfig);

export const GET: APIRoute = (context) => images.answer(context.request, () => context.clientAddress);
