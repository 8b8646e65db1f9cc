import { createHash } from 'node:crypto';
import { withLocale } from '../../i18n/locale.ts';

/**
 * The language offer and the remembered language (issue 29). The root stays Russian for everyone
 * (spec; crawlers and the caches see one page per URL), but:
 * - a browser that prefers Ukrainian (its first Ukrainian or Russian entry in navigator.languages
 *   is Ukrainian) is offered Ukrainian once, by a bar on the Russian page («Перейти на українську?»);
 * - an explicit choice (the bar's buttons, the header's language switch: `[data-lang-choice]`) is
 *   kept in a cookie, and a later visit to the root with Ukrainian chosen goes to `/ua/`, in the
 *   browser only (never a server redirect that a crawler or a cache would see).
 * One small inline script in the head on every page, so the bar shows from the first paint (no
 * layout shift) and the root's move happens before anything is drawn; no module, no React.
 *
 * The cookie `bbs_lang` (the project's prefix, spec §9): `uk` or `ru` once chosen, `offered` once
 * the bar was shown and not answered (the offer is made once).
 */
export const LANGUAGE_COOKIE = 'bbs_lang';
/** On `<html>` while the bar is offered (CSS shows it). */
export const LANGUAGE_OFFER_CLASS = 'lang-offer';
const YEAR_SECONDS = 365 * 24 * 3600;

export const LANGUAGE_OFFER_SCRIPT = `(function(){var d=document,h=d.documentElement,m=d.cookie.match(/(?:^|; )${LANGUAGE_COOKIE}=(\\w+)/),v=m&&m[1];function s(x){d.cookie="${LANGUAGE_COOKIE}="+x+";path=/;max-age=${YEAR_SECONDS};samesite=lax"}d.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("[data-lang-choice]");if(a){s(a.getAttribute("data-lang-choice"));h.classList.remove("${LANGUAGE_OFFER_CLASS}")}});if(h.lang!=="ru")return;if(v==="uk"){if(location.pathname==="/")location.replace(${JSON.stringify(withLocale('/', 'uk'))}+location.search+location.hash);return}if(v)return;var l=navigator.languages||[navigator.language],i,p;for(i=0;i<l.length;i++){p=String(l[i]).slice(0,2).toLowerCase();if(p==="ru")return;if(p==="uk"){h.classList.add("${LANGUAGE_OFFER_CLASS}");s("offered");return}}})()`;

/** Its CSP hash: the page's policy allows the shop's few inline scripts by hash. */
export const LANGUAGE_OFFER_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(LANGUAGE_OFFER_SCRIPT).digest('base64')}`;
