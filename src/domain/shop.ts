/**
 * Facts about the shop itself that more than one page shows (the footer, the main page's
 * Organization JSON-LD). The demo shop's name comes from the i18n files (`site.name`).
 */

/** The shop's phone as stored: 12 digits, country code first (a placeholder 0 800 number). */
export const SHOP_PHONE = '380800300100';

/**
 * The shop's pages on social networks (the footer's links, the Organization's `sameAs`).
 * Placeholders of the demo shop, like the phone.
 */
export const SHOP_SOCIAL: readonly { name: string; url: string }[] = [
  { name: 'Instagram', url: 'https://www.instagram.com/karapuz.ua/' },
  { name: 'Facebook', url: 'https://www.facebook.com/karapuz.ua' },
];

/**
 * The shop's logo as a raster picture (public/logo.png, 512×512, drawn from the favicon): search
 * engines want a raster logo of at least 112 px, link previews a PNG or JPEG.
 */
export const SHOP_LOGO = { path: '/logo.png', width: 512, height: 512 } as const;
