/** How far below the screen a strip's cards are fetched: about two phone screens of scrolling. */
const AHEAD = '1600px 0px';

/**
 * Fills each later product strip (ProductStrip.astro `later`) with its cards from /home-strip
 * once the shopper scrolls within AHEAD of it. A strip the fragment does not have (404) is
 * removed; a failed fetch (offline, an error) leaves the heading and its link, and is tried again
 * the next time the strip comes near.
 */
export function fillStripsLater(): void {
  const slots = document.querySelectorAll<HTMLElement>('[data-strip-later]');
  if (slots.length === 0) return;
  const fill = async (slot: HTMLElement, watcher: IntersectionObserver) => {
    watcher.unobserve(slot);
    try {
      const response = await fetch(slot.dataset['stripLater'] ?? '', { credentials: 'omit' });
      if (response.status === 404) {
        slot.closest('section')?.remove();
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const strip = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('ul');
      if (!strip) throw new Error('no strip');
      slot.replaceWith(document.adoptNode(strip));
    } catch {
      watcher.observe(slot);
    }
  };
  const watcher = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.target instanceof HTMLElement) void fill(entry.target, watcher);
      }
    },
    { rootMargin: AHEAD },
  );
  for (const slot of slots) watcher.observe(slot);
}
