import { hashSource } from '../request/cspPolicy.ts';
import { EXTERNAL_RUNTIME } from '../islands/islandRuntime.ts';
import { WIDE_SCREEN_MEDIA } from '../styles/wideScreen.ts';

/**
 * Before its first picture is on screen a public page asks for nothing but itself and that picture
 * (issue 27). Over HTTP/1.1's six connections a page's 4–10 script files, its stylesheet, its icon
 * and its manifest (with the icon it names) took connections and bandwidth from the picture, and
 * Lighthouse counts every script, stylesheet or icon that arrived before the largest paint as
 * holding it: product LCP 1.24 s simulated, 0.76 s for the picture alone.
 *
 * The page's `<script type="module" src>` tags, the island runtime's deferred tag and the icon and
 * manifest links go into a `<template data-later>` at the end of the body (the stylesheets are in
 * one in the head, deferredStylesheets.ts). One inline script in the head (`LATER_SCRIPT`) writes
 * the stylesheets at once on a wide screen, and puts every such template's content into the head:
 * - once the first picture is on screen: every `img[fetchpriority=high]` (the page's LCP picture)
 *   is marked `elementtiming="first-picture"` here, and the browser's element-timing entry for it
 *   arrives after the frame that shows it (whether or not text is larger); a page without such a
 *   picture shown waits for its first largest-contentful-paint entry, its first paint. A `load` or
 *   a frame counted on the main thread can come before the screen shows anything: only the entries
 *   say the paint has happened. At `load` a picture that did not come (broken, images off) holds
 *   nothing: the files start once something is shown. A browser without element entries waits two
 *   frames after `load`;
 * - when the shopper touches, presses a key or focuses something (they are about to act);
 * - after 3 s (a picture that never comes holds nothing for long).
 * Until the files have run, a form's submit and a click on a `type="button"` button (which does
 * nothing without script) are held and replayed once they have (or have failed to load: a held
 * form then goes as the plain form post it is), so an «add to basket» tapped early is handled in
 * place. Links are never held: they work without script.
 */

/** At the latest, the files start this long after the head's script ran: a picture that never comes holds nothing for long. */
export const LATER_FALLBACK_MS = 3000;

const MODULE_TAG = /<script type="module" src="\/[^"]+"><\/script>/g;
/** The layout's icon and manifest links (BaseLayout.astro), in the head. */
const ICON_OR_MANIFEST = /<link rel="(?:icon|manifest)" [^>]*>/g;
const TEMPLATE = '<template data-later>';
/** The page's LCP picture(s): an `<img>` with `fetchpriority="high"` (the main page has a phone's and a desktop's). */
const FIRST_PICTURE = /<img (?=[^>]*\bfetchpriority="high")/g;

/**
 * Readable: `go` clones every `template[data-later]` into the head, counts their scripts and
 * stylesheets down (`ran`), marks the root `data-later-ran` (what tests wait for after a
 * navigation: tests/e2e/fixtures.ts) and then replays what `hold` kept.
 */
export const LATER_SCRIPT =
  '(()=>{let d=document,s=0,h=[],t=d.querySelector("template[data-later]"),' +
  'go=()=>{if(s)return;s=1;let n=1,ran=()=>{if(!--n){s=2;d.documentElement.toggleAttribute("data-later-ran",1);h.splice(0).map(f=>f())}};' +
  'for(let t of d.querySelectorAll("template[data-later]")){let f=d.importNode(t.content,1);' +
  'for(let e of f.querySelectorAll("script,link[rel=stylesheet]")){n++;e.onload=e.onerror=ran}d.head.append(f)}ran()},' +
  'hold=(e,f)=>{if(s<2){e.preventDefault();e.stopImmediatePropagation();h.push(f);go()}},' +
  'on=(t,f,o=d)=>o.addEventListener(t,f,1);' +
  `if(t&&matchMedia("${WIDE_SCREEN_MEDIA}").matches){d.write(t.innerHTML);t.removeAttribute("data-later")}` +
  'on("submit",e=>{let f=e.target,b=e.submitter;hold(e,()=>f.requestSubmit(b))});' +
  'on("click",e=>{let b=e.target.closest?.("button[type=button]:not([popovertarget])");b&&hold(e,()=>b.click())});' +
  'for(let t of["pointerdown","keydown","focusin"])on(t,go);' +
  'let shown=0,frames=()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go))),' +
  'hero=()=>[...d.querySelectorAll("img[elementtiming]")].find(e=>e.offsetWidth),' +
  'seen=(type,ok)=>new PerformanceObserver(l=>ok(l.getEntries())&&setTimeout(go)).observe({type,buffered:!0});' +
  'PerformanceObserver.supportedEntryTypes?.includes("element")?(seen("element",l=>l.some(e=>e.identifier=="first-picture")),' +
  'seen("largest-contentful-paint",()=>(shown=1,!hero())),' +
  'on("load",()=>{let i=hero();(!i||!i.naturalWidth)&&(shown?setTimeout(go):frames())},window)):' +
  `on("load",frames,window);setTimeout(go,${LATER_FALLBACK_MS})})()`;

/** The policy source that lets LATER_SCRIPT run. */
export const LATER_SCRIPT_HASH = hashSource(LATER_SCRIPT);

/**
 * `html` with its script files, icon and manifest in a template `LATER_SCRIPT` starts; as it was
 * when there is nothing to start later. The icon and manifest stay in a `<noscript>` of the head
 * for a browser without JavaScript.
 */
export function laterFiles(html: string): string {
  const headEnd = html.indexOf('</head>');
  const end = html.lastIndexOf('</body>');
  if (headEnd === -1 || end < headEnd) return html;
  const later: string[] = [];
  const take = (tag: string) => {
    later.push(tag);
    return '';
  };
  let head = html.slice(0, headEnd).replace(ICON_OR_MANIFEST, take);
  const icons = later.join('');
  const body = html
    .slice(headEnd, end)
    .replace(EXTERNAL_RUNTIME, take)
    .replace(MODULE_TAG, take)
    .replaceAll(FIRST_PICTURE, '<img elementtiming="first-picture" ');
  const stylesheets = head.indexOf(TEMPLATE);
  if (later.length === 0 && stylesheets === -1) return html;
  const script = `<script data-later-files>${LATER_SCRIPT}</script>`;
  // Right after the stylesheets' template: a wide screen writes them where they were.
  if (stylesheets === -1) head += script;
  else {
    const after = head.indexOf('</template>', stylesheets) + '</template>'.length;
    head = head.slice(0, after) + script + head.slice(after);
  }
  if (icons !== '') head += `<noscript>${icons}</noscript>`;
  const tail = later.length === 0 ? '' : `${TEMPLATE}${later.join('')}</template>`;
  return `${head}${body}${tail}${html.slice(end)}`;
}
