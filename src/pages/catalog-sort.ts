import type { APIRoute } from 'astro';
import { sortTarget } from '../domain/catalog/sortForm.ts';

/**
 * The sort select's GET without JavaScript (src/domain/catalog/sortForm.ts): 303 to the chosen
 * sort's listing URL; anything but a path on this site is the 404 page.
 */
export const GET: APIRoute = ({ url, rewrite }) => {
  const target = sortTarget(url.searchParams.get('to'));
  if (target === null) return rewrite('/404');
  return new Response(null, {
    status: 303,
    headers: { Location: target, 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
  });
};
