import { createHash } from 'node:crypto';
import { CONSENT_KEY } from '../../domain/analytics/consent.ts';
import { CONSENT_ASK_CLASS } from './consentAsk.ts';

/**
 * The consent banner's first-paint switch. The banner's module runs after the whole document and
 * every earlier module, so a banner it revealed appeared a few hundred ms after the page and, being
 * the largest text on a phone's first screen, set the catalogue's LCP. This inline script in the
 * head marks the root element while no answer is stored, and CSS shows the banner from the first
 * paint. Without JavaScript nothing marks it and no banner shows: its buttons could not work, and
 * nothing is collected anyway. The module still decides (a stored answer it cannot parse asks again).
 */
export const CONSENT_PEEK_SCRIPT = `(function(){try{if(localStorage.getItem(${JSON.stringify(CONSENT_KEY)}))return}catch(e){}document.documentElement.classList.add(${JSON.stringify(CONSENT_ASK_CLASS)})})()`;

/** Its CSP hash: the page's policy allows this one inline script and no other. */
export const CONSENT_PEEK_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(CONSENT_PEEK_SCRIPT).digest('base64')}`;
