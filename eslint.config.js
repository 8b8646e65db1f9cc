// @ts-check
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

/*
 * Import boundaries (DESIGN §3: "these boundaries are lint rules, not habits").
 *
 * Imports inside src are relative paths, so a rule matches the import string by where it lands:
 * `(./|../)+<folder>/` is a path that climbs out of the importing file and then enters a top-level
 * folder of src. Core `no-restricted-imports` does it with no resolver, so it costs nothing.
 * It sees static `import` and `export … from`, value and type imports alike; `restrict` adds a
 * `no-restricted-syntax` selector per zone for `import()` with a literal path. Not seen, on purpose:
 * `typeof import('…')` types and `import()` of a computed path. A new top-level folder of src must
 * be added to SERVICE_FORBIDDEN by hand.
 *
 * ESLint does not merge the options of one rule across config objects: for a file matched by two
 * objects, the later `no-restricted-imports` replaces the earlier. So each object below carries the
 * whole list for its files (`restrict(...)` of several zones), and the file sets are ordered from
 * the widest to the narrowest. Do not add another `no-restricted-imports` elsewhere for src files.
 */

/**
 * A relative import that lands in one of the top-level folders (or files) of src.
 * @param {...string} names
 */
const into = (...names) => `^(?:\\.{1,2}/)+(?:${names.join('|')})(?:/|\\.ts$)`;
/** Node's built-in modules, with or without the `node:` prefix. */
const NODE_BUILTINS = `^(?:node:.*|(?:${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(?:/.*)?)$`;

const SERVICES = {
  regex: into('services'),
  message:
    '[boundary: storefront ↛ services] the storefront reaches the services only through src/api, over their HTTP contract.',
};
const SERVICE_FORBIDDEN = {
  // Every top-level part of src except services/ and api/ (the contract both sides share).
  regex: into(
    'domain',
    'server',
    'i18n',
    'pages',
    'components',
    'stores',
    'layouts',
    'directives',
    'middleware',
    'env\\.d',
  ),
  message:
    '[boundary: services → services, api only] the embedded services stand in for external ones: they share only the contract in src/api.',
};
const DOMAIN_FORBIDDEN = [
  {
    regex: into('server', 'pages', 'components', 'layouts', 'stores', 'services'),
    message:
      '[boundary: domain is pure] business rules take data in and give data back: no server, pages, views, stores or services.',
  },
  {
    regex: '^(?:\\.{1,2}/)+api/(?:http|browserClient|embedded|config)\\.ts$',
    message:
      '[boundary: domain is pure] no transport in business rules: loaders call src/api and hand the domain plain data.',
  },
  {
    group: [
      'astro',
      'astro:*',
      'astro/**',
      'react',
      'react/**',
      'react-dom',
      'react-dom/**',
      'nanostores',
      '@nanostores/**',
      'hono',
      'hono/**',
      '@hono/**',
    ],
    message: '[boundary: domain is pure] no framework in business rules (Astro, React, nanostores, Hono).',
  },
  { regex: NODE_BUILTINS, message: '[boundary: domain is pure] no Node built-ins: the rules run in the browser too.' },
];
const BROWSER_FORBIDDEN = [
  {
    regex: into('server', 'services'),
    message: '[boundary: browser code] code shipped to the browser must not pull in server code or the services.',
  },
  {
    regex: '^(?:\\.{1,2}/)+log/serverLog\\.ts$',
    message: '[boundary: browser code] the browser logs through src/log/log.ts; the server logger (pino) is Node only.',
  },
  {
    group: ['pino', 'pino/**', 'pino-pretty'],
    message: '[boundary: browser code] pino is the server logger: use src/log/log.ts.',
  },
  { regex: NODE_BUILTINS, message: '[boundary: browser code] Node built-ins do not exist in the browser.' },
];

const API_FORBIDDEN = {
  // The contract both sides share: it may use only itself (and zod), never a layer of either side.
  regex: into(
    'domain',
    'server',
    'i18n',
    'pages',
    'components',
    'stores',
    'layouts',
    'directives',
    'middleware',
    'services',
    'env\\.d',
  ),
  message:
    '[boundary: api is the contract] src/api is shared by the storefront and the embedded services: it imports nothing of their layers; they import it.',
};
const LOG_FORBIDDEN = {
  // The logger is used by every part (services, storefront, api, browser): it imports none of them.
  regex: into(
    'domain',
    'server',
    'i18n',
    'pages',
    'components',
    'stores',
    'layouts',
    'directives',
    'middleware',
    'services',
    'api',
    'env\\.d',
  ),
  message: '[boundary: log is below everything] src/log imports nothing of src; every part imports it.',
};
const I18N_FORBIDDEN = {
  // Texts and routes are below the domain: business rules use them, not the other way round.
  regex: into('domain', 'server', 'pages', 'components', 'stores', 'layouts', 'services'),
  message:
    '[boundary: i18n is below the domain] translations, locales and routes import only src/api; the domain and the views import them.',
};

/** @typedef {{ regex: string, message: string } | { group: string[], message: string }} Zone */

/**
 * `no-restricted-imports` for every given zone, plus literal `import()` calls into the same places.
 * @param {...(Zone | Zone[])} zones
 * @returns {import('eslint').Linter.RulesRecord}
 */
function restrict(...zones) {
  const patterns = zones.flat();
  const selectors = patterns
    .filter((p) => 'regex' in p)
    .map((p) => ({
      // esquery regex literals end at an unescaped slash.
      selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\/')}/]`,
      message: p.message,
    }));
  return {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': ['error', ...selectors],
  };
}

/** Every file of src the linter parses: modules, islands, views and the scripts inside views. */
const SRC = ['src/**/*.{ts,tsx,mts,js,mjs,astro}', 'src/**/*.astro/*.{js,ts}'];
/**
 * Code that runs in the browser: islands, stores, the hydration directive, the plain scripts of
 * views (`<script>` blocks, linted as `X.astro/N.ts`, and the modules they import), and the two
 * api modules only the browser uses.
 */
const BROWSER = [
  'src/components/**/*.tsx',
  'src/stores/**/*.ts',
  'src/directives/focus.ts',
  'src/**/*.astro/*.{js,ts}',
  'src/components/catalog/catalogEnhancer.ts',
  'src/api/browserClient.ts',
  'src/api/pageHtml.ts',
];

// Type-aware rules (recommendedTypeChecked) run on .ts and .tsx through the project service.
// Views (.astro) lint without types: type-checking them through the project service is most of the
// lint's time, and `astro check` (the typecheck step of `npm test`) type-checks every view anyway;
// they keep the Astro plugin's rules, the syntax-only TypeScript rules and every boundary below.
// Scripts inside views are virtual files that no tsconfig holds, and plain .js/.mjs are config
// files, so both lint without types too.
export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-e2e-*/',
      // Any other build directory (SHOP_BUILD_DIR), e.g. dist-main/.
      'dist-*/',
      'reports/',
      '.astro/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  tseslint.configs.recommendedTypeChecked,
  astro.configs['flat/recommended'],
  {
    name: 'bbs/type-aware',
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  { files: ['**/*.astro', '**/*.astro/*.{js,ts}', '**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  {
    name: 'bbs/rules',
    rules: {
      // Unused names are a bug here, except deliberately ignored `_`-prefixed ones.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // import() types stay allowed: ambient declarations (src/env.d.ts) cannot use import statements.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Issue 26: src logs through src/log/log.ts (pino on the server, the console in the browser);
    // that file's one console call carries the only exception, with its reason.
    name: 'bbs/logging',
    files: SRC,
    rules: { 'no-console': 'error' },
  },
  {
    name: 'bbs/boundaries/storefront',
    files: SRC,
    ignores: [
      'src/services/**',
      // The two composition roots: they build the embedded services and hand them to the storefront
      // (the production launcher mounts them under /svc and registers the in-process fetch; the dev
      // integration does the same inside Astro's dev server). Wiring both sides is their whole job.
      'src/server/launcher/httpServer.ts',
      'src/server/launcher/devServices.ts',
      // The launch plan both use: it reads the embedded services' outside world (their adapters)
      // from the environment before anything starts.
      'src/server/launcher/launchPlan.ts',
    ],
    rules: restrict(SERVICES),
  },
  // Domain files are storefront files too: DOMAIN_FORBIDDEN names services/ itself.
  { name: 'bbs/boundaries/domain', files: ['src/domain/**'], rules: restrict(DOMAIN_FORBIDDEN) },
  { name: 'bbs/boundaries/api', files: ['src/api/**'], rules: restrict(API_FORBIDDEN) },
  { name: 'bbs/boundaries/i18n', files: ['src/i18n/**'], rules: restrict(I18N_FORBIDDEN) },
  { name: 'bbs/boundaries/log', files: ['src/log/**'], rules: restrict(LOG_FORBIDDEN) },
  // Likewise BROWSER_FORBIDDEN names services/; the api modules only the browser uses keep the api's zone too.
  { name: 'bbs/boundaries/browser', files: BROWSER, rules: restrict(BROWSER_FORBIDDEN) },
  {
    name: 'bbs/boundaries/browser-api',
    files: ['src/api/browserClient.ts', 'src/api/pageHtml.ts'],
    rules: restrict(BROWSER_FORBIDDEN, API_FORBIDDEN),
  },
  { name: 'bbs/boundaries/services', files: ['src/services/**'], rules: restrict(SERVICE_FORBIDDEN) },
);
