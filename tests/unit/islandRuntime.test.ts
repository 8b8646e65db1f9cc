import { describe, expect, it } from 'vitest';
import { externalizeIslandRuntime, islandRuntimeReplacer } from '../../src/server/islands/externalizeIslandRuntime.ts';
import { EXTERNAL_RUNTIME, INLINE_RUNTIME, ISLAND_RUNTIME_PATH } from '../../src/server/islands/islandRuntime.ts';

const HEAD = '<!doctype html><html lang="ru"><head><title>Карапуз — детские товары</title></head><body><header>';
const TAIL = '<astro-island uid="a" client="focus"></astro-island></header><main>Шапка 🧢</main></body></html>';
const PAGE = `${HEAD}<style>astro-island{display:contents}</style><script>focus()</script>${INLINE_RUNTIME}${TAIL}`;
const EXPECTED = `${HEAD}<style>astro-island{display:contents}</style><script>focus()</script>${EXTERNAL_RUNTIME}${TAIL}`;

async function through(chunks: string[]): Promise<string> {
  const out: string[] = [];
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = source.pipeThrough(islandRuntimeReplacer()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out.join('');
    out.push(value);
  }
}

describe('the island runtime out of the page', () => {
  it('is a hashed file under /_astro, asked for by a deferred script', () => {
    expect(ISLAND_RUNTIME_PATH).toMatch(/^_astro\/island-runtime\.[\w-]{10}\.js$/);
    expect(EXTERNAL_RUNTIME).toBe(`<script src="/${ISLAND_RUNTIME_PATH}" defer></script>`);
    expect(INLINE_RUNTIME).toContain('customElements.define("astro-island"');
  });

  it('replaces the inline copy wherever the chunks cut it, and changes nothing else', async () => {
    expect(await through([PAGE])).toBe(EXPECTED);
    const start = PAGE.indexOf(INLINE_RUNTIME);
    // Every cut from just before the script to just after it, and one through the emoji's pair.
    const cuts = [
      ...Array.from({ length: INLINE_RUNTIME.length + 40 }, (_, i) => start - 20 + i),
      PAGE.indexOf('🧢') + 1,
    ];
    for (const cut of cuts)
      expect(await through([PAGE.slice(0, cut), PAGE.slice(cut)]), `cut at ${cut}`).toBe(EXPECTED);
    // Many small chunks.
    const small = PAGE.match(/[\s\S]{1,97}/g) ?? [];
    expect(await through(small)).toBe(EXPECTED);
  });

  it('passes a page without islands through unchanged, and replaces one copy only', async () => {
    const plain = `${HEAD}${TAIL}`;
    expect(await through([plain.slice(0, 50), plain.slice(50)])).toBe(plain);
    const twice = `${PAGE}${INLINE_RUNTIME}`;
    expect(await through([twice])).toBe(`${EXPECTED}${INLINE_RUNTIME}`);
  });

  it('keeps the status and headers of the response, bytes in, bytes out', async () => {
    const bytes = new TextEncoder().encode(PAGE);
    const response = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          // Cut inside a two-byte Cyrillic letter: the decoder joins it again.
          controller.enqueue(bytes.slice(0, 60));
          controller.enqueue(bytes.slice(60));
          controller.close();
        },
      }),
      {
        status: 404,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-length': String(bytes.length),
        },
      },
    );
    const out = externalizeIslandRuntime(response);
    expect(out.status).toBe(404);
    expect(out.headers.get('cache-control')).toBe('no-store');
    // The old length would cut the new body short.
    expect(out.headers.get('content-length')).toBeNull();
    expect(await out.text()).toBe(EXPECTED);
  });
});
