import { within } from '@testing-library/dom';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { onTestFinished } from 'vitest';
import { ensureRequestI18n } from '../../src/i18n/requestI18n.ts';

type AstroView = Parameters<AstroContainer['renderToString']>[0];

let container: AstroContainer | undefined;

/**
 * Renders an `.astro` view with Astro's Container API the way a request would: `locals` are filled
 * by the middleware's own helper from the page URL (so `/ua/...` renders in Ukrainian). Returns the
 * HTML and Testing Library queries over it, parsed into a happy-dom document, so tests ask for
 * roles and names as a shopper's assistive technology would.
 */
export async function renderView(view: AstroView, props: object, url = 'http://127.0.0.1/') {
  container ??= await AstroContainer.create();
  const locals = ensureRequestI18n({} as App.Locals, new URL(url));
  const html = await container.renderToString(view, { props: { ...props }, locals, request: new Request(url) });
  const window = new Window({ url });
  onTestFinished(() => window.happyDOM.close());
  window.document.body.innerHTML = html;
  // happy-dom's element types are its own; at run time they are the DOM Testing Library expects.
  const body = window.document.body as unknown as HTMLElement;
  return { html, body, view: within(body) };
}
