import type { ClientDirective } from 'astro';

/**
 * `client:focus`: hydrate an island on the first focus, pointer or touch inside it. The header's
 * search box is on every page but used on few visits: its JavaScript loads only when a shopper
 * reaches for it. The events bubble, so the island wrapper (display: contents) still hears them.
 */
const focusDirective: ClientDirective = (load, _options, element) => {
  const events = ['focusin', 'pointerover', 'touchstart'] as const;
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const name of events) element.removeEventListener(name, hydrate);
    void load().then((run) => run());
  };
  for (const name of events) element.addEventListener(name, hydrate, { passive: true });
  // The runtime may arrive after the shopper has already tapped into the island (a page's scripts
  // start after its first picture, src/server/scripts/laterScripts.ts): that focus counts too.
  if (element.contains(document.activeElement)) hydrate();
};

export default focusDirective;
