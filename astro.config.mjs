// @ts-check
import { defineConfig, memoryCache } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { cspDirectives } from './src/server/http/securityHeaders.ts';
import { embeddedServicesInDev } from './src/server/http/devServices.ts';
import { focusDirective } from './src/directives/focusIntegration.ts';

// Locales are parsed by hand in src/i18n/locale.ts instead of Astro's i18n routing: with the
// default locale unprefixed Astro 7 answers an empty 404 for a `ru` segment anywhere in a path and
// switches locale on a `ua` segment anywhere (a filter value, say). See docs/decisions.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), embeddedServicesInDev(), focusDirective()],
  server: {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 4321),
  },
  // Route cache: public pages call Astro.cache.set({ maxAge, swr, tags }); POST /api/revalidate
  // invalidates by tag or path. One process => memory provider; see docs/operations.md for scale-out.
  cache: { provider: memoryCache({ max: 5000 }) },
  security: {
    checkOrigin: true,
    // On-demand pages get the policy as a response header, with hashes for Astro's own inline scripts.
    csp: { directives: [...cspDirectives] },
  },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
