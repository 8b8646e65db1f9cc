/**
 * Facts about the shop itself that more than one page shows (the footer, the main page's
 * Organization JSON-LD). The demo shop's name comes from the i18n files (`site.name`).
 */

/** The shop's phone as stored: 12 digits, country code first (a placeholder 0 800 number). */
export const SHOP_PHONE = '380800300100';
