import type { AstroInlineConfig, AstroIntegration } from 'astro';
import { getViteConfig } from 'astro/config';
import { defineConfig } from 'vitest/config';
import astroConfig from './astro.config.mjs';

/**
 * Astro for the component tests: the shop's own integrations (the React renderer, the
 * `client:focus` directive), so a view renders with the renderers and directives of the build,
 * less the dev-only one that mounts the embedded services (Vitest runs Vite as a dev server, so
 * it would open and seed ./data on every run). Nothing else in astro.config.mjs changes a view.
 */
const componentAstroConfig: AstroInlineConfig = {
  configFile: false,
  logLevel: 'warn',
  integrations: (astroConfig.integrations ?? [])
    .flat()
    .filter((i): i is AstroIntegration => !!i && i.name !== 'bbs:embedded-services-dev'),
};

// Four projects so `npm test` reports unit rules, service contracts, the launcher and components separately;
// end-to-end tests run under Playwright (playwright.config.ts), not here.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'services',
          include: ['tests/services/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // The launcher as a shopkeeper starts it: real processes, real HTTP, one shared build
      // (tests/launcher/support.ts): which embedded services run, production secrets, no secret printed.
      {
        test: {
          name: 'launcher',
          include: ['tests/launcher/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      // Views (.astro, Astro's Container API) and islands (.tsx, Testing Library), with Astro's own
      // Vite config: its compiler for .astro and the integrations above. Views render on the server
      // (node); island tests choose happy-dom per file (`@vitest-environment happy-dom`).
      getViteConfig(
        {
          test: {
            name: 'components',
            include: ['tests/components/**/*.test.{ts,tsx}'],
            environment: 'node',
          },
        },
        componentAstroConfig,
      ),
    ],
  },
});
