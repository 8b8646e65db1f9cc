import type { KnipConfig } from 'knip';

/**
 * Dead-code check (`npm test`, between lint and typecheck): unused files, exports, exported types,
 * dependencies and binaries fail the run. Knip's plugins find most entry points from the tools'
 * own configs; they are spelled out here so a reader sees what keeps a file alive.
 * Every exception below says why it is one.
 */
const config: KnipConfig = {
  entry: [
    // Run by `node` directly: the npm scripts name some, scripts/test.ts spawns e2e.ts by path.
    'scripts/*.ts',
    // The `client:focus` directive: named by a path string in addClientDirective
    // (src/directives/focusIntegration.ts), which Astro bundles; nothing imports it.
    'src/directives/focus.ts',
  ],
  project: ['src/**/*.{ts,tsx,astro,mjs}', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{ts,mjs,js}'],
  astro: {
    // Routes and middleware are loaded by Astro by file name; astro.config.mjs loads the rest
    // (integrations, security headers, the dev-only embedded services and through them src/services).
    config: ['astro.config.mjs'],
    entry: ['src/pages/**/*.{astro,ts}', 'src/middleware.ts'],
  },
  vitest: {
    config: ['vitest.config.ts'],
    entry: [
      'tests/unit/**/*.test.ts',
      'tests/services/**/*.test.ts',
      'tests/components/**/*.test.{ts,tsx}',
      'tests/launcher/**/*.test.ts',
    ],
  },
  playwright: { config: ['playwright.config.ts'], entry: ['tests/e2e/**/*.spec.ts'] },
  // An export that its own module uses is live code, not dead code: the zod schemas of src/api/schemas
  // name every concept of the contract (composed into the response schemas of the same file), and
  // domain modules export their spec constants beside the rules that use them. Only exports nobody
  // uses at all are reported.
  ignoreExportsUsedInFile: true,
  // Debian's package manager: scripts/ensureChromium.ts installs chromium with it when it is missing.
  ignoreBinaries: ['apt-get'],
};

export default config;
