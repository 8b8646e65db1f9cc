import type { APIRoute } from 'astro';
import { openNewRoute } from '../../server/editor/editorRoutes.ts';

// The list's "create or open" form: redirects to that thing's edit screen (src/server/editor/editorPaths.ts).
export const GET: APIRoute = openNewRoute;
