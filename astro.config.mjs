// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { cspDirectives } from './src/server/launcher/securityHeaders.ts';
import { embeddedServicesInDev } from './src/server/launcher/devServices.ts';
import { focusDirective } from './src/directives/focusIntegration.ts';
import { precompressAssets } from './src/server/build/precompress.ts';
import { islandRuntimeFile } from './src/server/islands/islandRuntimeFile.ts';
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from './src/server/sessionStore/sessionCookie.ts';

// Locales are parsed by hand in src/i18n/locale.ts instead of Astro's i18n routing: with the
// default locale unprefixed Astro 7 answers an empty 404 for a `ru` segment anywhere in a path and
// switches locale on a `ua` segment anywhere (a filter value, say). See docs/decisions.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), embeddedServicesInDev(), focusDirective(), islandRuntimeFile(), precompressAssets()],
  // The storefront's configuration, typed and read at run time (src/server/config.ts); the launcher
  // (scripts/start.ts) reads the same variables for what it starts. Secrets never reach the client.
  env: {
    schema: {
      // Unset or blank: the embedded service (src/api/config.ts checks the URL and names the variable).
      SEARCH_API_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      USER_API_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      CONTENT_API_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      ORDER_API_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      DELIVERY_API_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Bearer secret of POST /api/revalidate; the launcher makes one per run outside production.
      REVALIDATE_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Several processes: sessions in Redis, route-cache invalidations shared (docs/operations.md).
      REDIS_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Where the sessions' SQLite file goes (sessions.db); the launcher sets it to its DATA_DIR. Unset: ./data.
      DATA_DIR: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The build's client folder; the launcher sets it. The storefront reads the built stylesheets
      // from it to inline each public page's first-screen CSS (src/server/styles/). Unset: links kept.
      CLIENT_DIR: envField.string({ context: 'server', access: 'secret', optional: true }),
      // New sessions one client address may start per hour before a 429 (src/server/sessionStore/sessionCreations.ts); unset = 300.
      SESSION_CREATION_LIMIT: envField.number({
        context: 'server',
        access: 'secret',
        optional: true,
        int: true,
        min: 1,
      }),
      // A CDN in front: POST /api/revalidate forwards each purge here (src/server/cache/cdnPurge.ts).
      CDN_PURGE_URL: envField.string({ context: 'server', access: 'secret', optional: true, url: true }),
      CDN_PURGE_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      // How the purge is said: the generic JSON POST, or Varnish's PURGE with xkey (deploy/varnish/shop.vcl).
      CDN_PURGE_MODE: envField.enum({
        context: 'server',
        access: 'secret',
        values: ['json', 'varnish'],
        default: 'json',
      }),
      // Where POST /api/analytics passes analytics and e-mail-marketing events on (unset: the sandbox drops them).
      ANALYTICS_FORWARD_URL: envField.string({ context: 'server', access: 'secret', optional: true, url: true }),
      EMAIL_MARKETING_FORWARD_URL: envField.string({ context: 'server', access: 'secret', optional: true, url: true }),
      // Product pictures (src/server/images/); 'secret' only so they are read at run time, not baked in: a real image CDN's resizing URL with {src} (URL-encoded
      // source) or {path}, {width} and {format}; unset = our own /img endpoint.
      IMAGE_CDN_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Origins (comma-separated) /img may fetch originals from, besides the search service's own.
      IMAGE_SOURCE_ORIGINS: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Where /img keeps transformed pictures on disk; unset = <os tmpdir>/bbs-image-cache.
      IMAGE_CACHE_DIR: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The most that directory may hold, in MB (least recently used pictures go first); unset = 1024.
      IMAGE_CACHE_MAX_MB: envField.number({ context: 'server', access: 'secret', optional: true, int: true, min: 1 }),
      // Error reports (issue 26): a Sentry DSN; the pages get it too (public by design). Unset: nothing is sent.
      SENTRY_DSN: envField.string({ context: 'server', access: 'secret', optional: true }),
      // '1' turns on test-only routes (/e2e-fault); never set in production.
      SHOP_E2E_FAULTS: envField.enum({ context: 'server', access: 'secret', values: ['0', '1'], default: '0' }),
      // Where islands reach each service from the browser; unset = /svc/<service> of the shop itself.
      PUBLIC_SEARCH_API_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_USER_API_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CONTENT_API_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_ORDER_API_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_DELIVERY_API_URL: envField.string({ context: 'client', access: 'public', optional: true }),
    },
  },
  server: {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 4321),
  },
  // Route cache: public pages call Astro.cache.set({ maxAge, swr, tags }); POST /api/revalidate
  // invalidates by tag or path. One process => memory provider; see docs/operations.md for scale-out.
  // With REDIS_URL, invalidations are shared with the shop's other processes (sharedCacheProvider.ts).
  cache: {
    provider: {
      name: 'memory',
      entrypoint: new URL('./src/server/cache/sharedCacheProvider.ts', import.meta.url),
      config: { max: 5000 },
    },
  },
  // Sessions (DESIGN §7): the editor's and the shopper's sign-in, the no-JavaScript basket and the
  // sign-in steps; never a public page, so no cached response sets a cookie. A session is stored
  // only once something must be kept (a social sign-in under way waits in a signed cookie), and a
  // client address may start only so many an hour (src/server/sessionStore/sessionCreationGuard.ts).
  // Stored in DATA_DIR/sessions.db (SQLite: a restart signs nobody out), or in Redis with
  // REDIS_URL, so every process sees every session (src/server/sessionStore/sessionRuntime.ts).
  // Cookie: HttpOnly always (Astro), Secure in production builds (Astro's default), SameSite=Lax
  // so shoppers returning from a bank or a social sign-in page stay signed in. It lasts as long as
  // a shopper's refresh token (30 days, renewed with each write; the store forgets the session at
  // the same moment), so closing the browser does not sign them out; what the session holds
  // expires on its own (the editor's sign-in after 8 hours).
  session: {
    driver: { entrypoint: new URL('./src/server/sessionStore/sessionDriver.ts', import.meta.url) },
    cookie: { name: SESSION_COOKIE, sameSite: 'lax', path: '/', maxAge: SESSION_MAX_AGE_S },
  },
  security: {
    // The same rule, against the shop's own origin (SITE_URL), runs in src/middleware.ts: Astro's
    // compares a form's Origin with the URL the server sees, which is http:// behind a TLS proxy.
    checkOrigin: false,
    // On-demand pages get the policy as a response header, with hashes for Astro's own inline scripts.
    csp: { directives: [...cspDirectives] },
  },
  // Every stylesheet a file: the middleware inlines only what a public page's first screen uses and
  // defers the files (src/server/styles/), which the next pages then find in the cache.
  build: { inlineStylesheets: 'never' },
  prefetch: false,
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
