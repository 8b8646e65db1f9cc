/**
 * The root element's class while the consent banner asks (set by the head's inline peek,
 * consentPeek.ts, and by the banner's module; ConsentBanner.astro's CSS spells it too, and so does the
 * product page's BuyBar.astro, which sits above the banner while it asks).
 */
export const CONSENT_ASK_CLASS = 'consent-ask';
