import type { APIRoute } from 'astro';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { HTML_LANG } from '../../i18n/locale.ts';

/**
 * The web app manifest (issue 27), one per language so an installed shop opens in the language it
 * was installed from. Colours are the layout's (theme-color in BaseLayout.astro); the icons are the
 * favicon's face drawn at 192 and 512 px, and a maskable one with the safe zone the platforms crop to.
 */
export const webManifest: APIRoute = ({ locals }) => {
  const { locale, t } = locals;
  const start = routeUrl(routeName('main-page', locale));
  const body = {
    name: `${t('site.name')} — ${t('site.tagline')}`,
    short_name: t('site.name'),
    lang: HTML_LANG[locale],
    start_url: start,
    scope: '/',
    id: start,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0b5394',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' },
  });
};
