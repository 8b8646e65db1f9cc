import type { APIRoute } from 'astro';
import { signInRoute } from '../../server/editor/editorRoutes.ts';

// Sign-in with the CMS editor token (src/server/editor/editorSignIn.ts).
export const POST: APIRoute = signInRoute;
