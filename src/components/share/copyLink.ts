/**
 * «Копировать ссылку» beside a shareable link (CopyLink.astro): the link's absolute address to the
 * clipboard, then «Скопировано» in a polite live region for the spec's 2 s (storefront and accounts
 * spec §9 "Copy-link hint 2 s"). Without the asynchronous clipboard API (an old browser, a page
 * that is not a secure context) the button stays hidden and the link stays selectable text.
 */
import { log } from '../../log/log.ts';

/** Spec §9: how long the «copied» hint shows. */
export const COPIED_HINT_MS = 2000;

type Writer = Pick<Clipboard, 'writeText'>;

/** Shows and wires every copy button of `doc`; a test passes its own document and clipboard. */
export function startCopyLinks(doc: Document = document, clipboard: Writer | undefined = navigator.clipboard): void {
  if (typeof clipboard?.writeText !== 'function') return;
  for (const root of doc.querySelectorAll<HTMLElement>('[data-copy-link]')) {
    const button = root.querySelector('button');
    const hint = root.querySelector<HTMLElement>('[data-copy-hint]');
    const { copyLink: url, copied = '' } = root.dataset;
    if (!button || !hint || !url) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      clipboard.writeText(url).then(
        () => {
          // A second click restarts the 2 s rather than cutting the new hint short.
          clearTimeout(timer);
          hint.textContent = copied;
          timer = setTimeout(() => (hint.textContent = ''), COPIED_HINT_MS);
        },
        // Refused (permission, focus): no hint; the link beside the button is still there to select.
        (error: unknown) => log.error('copy failed', error),
      );
    });
    root.hidden = false;
  }
}
