import type { APIRoute } from 'astro';
import { signOutRoute } from '../../server/editor/editorRoutes.ts';

// Sign-out: the stored session is deleted (src/server/editor/editorSignIn.ts).
export const POST: APIRoute = signOutRoute;
