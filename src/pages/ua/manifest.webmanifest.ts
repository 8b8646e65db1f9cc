import { webManifest } from '../../server/pages/webManifest.ts';

export const GET = webManifest;
