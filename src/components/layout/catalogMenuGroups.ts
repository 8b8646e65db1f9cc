/**
 * Fills the catalogue menu's groups with their sub-categories and banners from /catalog-menu
 * (CatalogMenu.astro says why they are not in the page) the first time the menu is opened, or a
 * pointer or the keyboard reaches the desktop bar: fetched once, cached like a page. A failed
 * fetch (offline, an error) leaves each group its «all» link and is tried again on the next reach.
 */
export function enhanceCatalogMenu(): void {
  const menu = document.getElementById('catalog-menu');
  const url = menu?.dataset['menuGroups'];
  if (!menu || !url) return;
  let pending: Promise<void> | null = null;
  const fill = async () => {
    const response = await fetch(url, { credentials: 'omit' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const groups = new DOMParser().parseFromString(await response.text(), 'text/html');
    for (const part of groups.querySelectorAll<HTMLElement>('[data-menu-sub]')) {
      const sub = menu.querySelector<HTMLElement>(`.sub[data-menu-sub="${CSS.escape(part.dataset['menuSub'] ?? '')}"]`);
      if (sub && !sub.dataset['filled']) {
        sub.append(...part.childNodes);
        sub.dataset['filled'] = '';
      }
    }
  };
  const load = () => {
    pending ??= fill().catch(() => {
      pending = null;
    });
  };
  for (const type of ['toggle', 'pointerover', 'focusin', 'touchstart']) {
    menu.addEventListener(type, load, { passive: true });
  }
  // The phone's menu is a popover that opens without script, and the tap on «Каталог» is what starts
  // the page's files (src/server/scripts/laterScripts.ts): on a slow phone they come after its toggle.
  if (menu.matches(':popover-open')) load();
}
