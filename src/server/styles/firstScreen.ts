import render from 'dom-serializer';
import { isTag, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { removeElement } from 'domutils';
import { FIRST_SCREEN_END } from './firstScreenMarker.ts';

/**
 * The part of a page a phone paints before any interaction (issue 27): the markup up to the
 * first-screen marker (all of it without one), without what a narrow screen does not render at
 * load — `hidden` elements, templates, scripts, `<noscript>` (the page runs with JavaScript when
 * this matters), dialogs not open, popovers (the catalogue menu below 1024 px) and the content of
 * closed `<details>` but their summary (the filters' sheet, the menu's groups). The CSS matched
 * against it is what the first paint needs; a sheet, a drawer or a dialog gets its rules from the
 * full stylesheets, which have arrived by the time a shopper opens one. From 1024 px, where the
 * menu and the filters show whatever their state, the stylesheets block the paint (wideScreen.ts).
 */
export function firstScreenDocument(html: string): string {
  const end = html.indexOf(FIRST_SCREEN_END);
  // The parser closes whatever the cut left open.
  const document = parseDocument(end === -1 ? html : html.slice(0, end));
  prune(document.children);
  return render(document);
}

const NEVER_RENDERED = new Set(['template', 'script', 'noscript']);

function prune(nodes: ChildNode[]): void {
  for (const node of [...nodes]) {
    if (!isTag(node)) continue;
    const { name, attribs } = node;
    if (
      'hidden' in attribs ||
      'popover' in attribs ||
      NEVER_RENDERED.has(name) ||
      (name === 'dialog' && !('open' in attribs))
    ) {
      removeElement(node);
      continue;
    }
    if (name === 'details' && !('open' in attribs)) {
      for (const child of [...node.children]) {
        if (!isTag(child) || child.name !== 'summary') removeElement(child);
      }
    }
    prune(node.children);
  }
}
