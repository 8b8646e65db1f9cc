import { describe, expect, it } from 'vitest';
import { inlineCriticalCss } from '../../src/server/styles/inlineCriticalCss.ts';
import { styleHash } from '../../src/server/styles/deferredStylesheets.ts';
import { FIRST_SCREEN_END } from '../../src/server/styles/firstScreenMarker.ts';

const SHEETS: Record<string, string> = {
  '/_astro/a.1.css': '.top{color:red}.foot{color:blue}',
  '/_astro/b.2.css': '.top{margin:0}',
};
const read = (href: string) => SHEETS[href];
const POLICY = "default-src 'self'; script-src 'self' 'sha256-x'; style-src 'self' 'sha256-y'";

/** A page sent in several chunks, the marker cut between two of them. */
function page(head: string, headers: Record<string, string> = { 'Content-Security-Policy': POLICY }): Response {
  const chunks = [
    `<!DOCTYPE html><html><head><title>t</title>${head}</head><body><p class="top">a</p><!--first-`,
    'screen-end--><footer class="foot">b</footer>',
    '</body></html>',
  ];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/html', ...headers } });
}

const LINKS = '<link rel="stylesheet" href="/_astro/a.1.css"><link rel="stylesheet" href="/_astro/b.2.css">';

describe('inlineCriticalCss', () => {
  it('inlines the first screen’s rules, defers the sheets and lets the policy allow both', async () => {
    const response = await inlineCriticalCss(page(LINKS), read);
    const html = await response.text();
    const critical = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(critical).toBe('.top{color:red}.top{margin:0}');
    // Both files as one request, in a template the page's script places (src/server/scripts/laterScripts.ts);
    // the same for a browser without JavaScript. Nothing else links them: nothing is fetched before the script.
    expect(html).toContain(
      '<template data-later><link rel="stylesheet" href="/_astro/css/1+2.css"></template>' +
        '<noscript><link rel="stylesheet" href="/_astro/css/1+2.css"></noscript>',
    );
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(2);
    // Everything after the marker is there, unchanged.
    expect(html).toContain(`<p class="top">a</p>${FIRST_SCREEN_END}<footer class="foot">b</footer></body></html>`);
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain(`style-src 'self' 'sha256-y' ${styleHash(critical)}`);
    expect(policy).toContain("script-src 'self' 'sha256-x'");
  });

  it('leaves a page alone when one of its sheets cannot be read, or it links none', async () => {
    const missing = '<link rel="stylesheet" href="/_astro/a.1.css"><link rel="stylesheet" href="/_astro/gone.css">';
    for (const head of [missing, '']) {
      const response = await inlineCriticalCss(page(head), read);
      const html = await response.text();
      expect(html).not.toContain('<style>');
      expect(html).toContain(`<head><title>t</title>${head}</head>`);
      expect(response.headers.get('Content-Security-Policy')).toBe(POLICY);
    }
  });
});
