import { move } from 'piscina';
import { renderProductPhoto } from './productPhoto.ts';
import type { ImageSpec } from './productImage.ts';

/**
 * Worker-thread entry of photoRenderer.ts: renders one photo and hands its bytes back by moving
 * the buffer (no copy of ~250 KB). Loaded by Node itself (type stripping), never bundled.
 */
export default async function renderInWorker({ name, spec }: { name: string; spec: ImageSpec }): Promise<unknown> {
  return move(await renderProductPhoto(name, spec));
}
