import { EXTERNAL_RUNTIME, INLINE_RUNTIME } from './islandRuntime.ts';

/**
 * A stream of HTML text with Astro's inline island runtime (at most one per page) replaced by the
 * deferred script of its built file (islandRuntime.ts). Chunks pass on as they come, less a tail as
 * long as the inline script, which may be cut between two chunks: the first paint is not delayed
 * by buffering the page.
 */
export function islandRuntimeReplacer(): TransformStream<string, string> {
  const keep = INLINE_RUNTIME.length - 1;
  let carry = '';
  let replaced = false;
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      if (replaced) {
        controller.enqueue(chunk);
        return;
      }
      let text = carry + chunk;
      const at = text.indexOf(INLINE_RUNTIME);
      if (at !== -1) {
        replaced = true;
        text = text.slice(0, at) + EXTERNAL_RUNTIME + text.slice(at + INLINE_RUNTIME.length);
        carry = '';
        controller.enqueue(text);
        return;
      }
      // Code units, not bytes: the runtime is ASCII, so it never starts inside a surrogate pair the
      // cut would split (the decoder before this already joined multi-byte characters).
      const cut = Math.max(0, text.length - keep);
      carry = text.slice(cut);
      if (cut > 0) controller.enqueue(text.slice(0, cut));
    },
    flush(controller) {
      if (carry) controller.enqueue(carry);
    },
  });
}

/** `response` (an HTML page) with its inline island runtime moved out; as it was when it has no body. */
export function externalizeIslandRuntime(response: Response): Response {
  if (response.body === null) return response;
  const body = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(islandRuntimeReplacer())
    .pipeThrough(new TextEncoderStream());
  const headers = new Headers(response.headers);
  // The replacement changes the length; the server frames the new body itself.
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
