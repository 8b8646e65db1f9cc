import type { KnipConfig } from 'knip';

/**
 * Dead-code check, two runs in `npm test` (between format and typecheck):
 *
 * - `knip`: the whole repository, tests and tools included. Unused files (a test helper, a bench
 *   module), dependencies and devDependencies, binaries, and exports nobody imports at all.
 * - `knip --production` (through scripts/knipProduction.ts): only what the shop runs, from the
 *   entries marked `!` below. Tests do not count as users here, so an export that only a test
 *   imports is reported: dead in the shop, alive only in its own test. The few kept on purpose are
 *   PRODUCTION_KEPT at the end, each with its reason.
 *
 * Knip's plugins find most entry points from the tools' own configs; they are spelled out here so a
 * reader sees what keeps a file alive. Every exception below says why it is one.
 */
const config: KnipConfig = {
  entry: [
    // What the shop runs in production: `npm start` (and the cluster workers it starts), the
    // services on their own ports (`npm run services`) and `npm run seed`. A file of scripts/lib
    // that these import must be listed here too: production mode follows production files only.
    'scripts/{start,services,seed}.ts!',
    'scripts/lib/workers.ts!',
    // Run by `node` directly, in development only: the npm scripts name them, scripts/test.ts
    // spawns e2e.ts and knipProduction.ts by path.
    'scripts/{bench,test,e2e,knipProduction}.ts',
    // Astro loads the config at build time: its integrations, security headers, the cache provider
    // and session driver it names by URL. An entry of its own, not the Astro plugin's config file:
    // knip follows a plugin's config file outside production mode only.
    'astro.config.mjs!',
    // The `client:focus` directive: named by a path string in addClientDirective
    // (src/directives/focusIntegration.ts), which Astro bundles; nothing imports it.
    'src/directives/focus.ts!',
  ],
  project: ['src/**/*.{ts,tsx,astro,mjs}!', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{ts,mjs,js}'],
  astro: {
    // astro.config.mjs is an entry above (production included), not read as the plugin's config.
    config: [],
    // Routes and middleware are loaded by Astro by file name.
    entry: ['src/pages/**/*.{astro,ts}!', 'src/middleware.ts!'],
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

/** A call of the services' contract (the spec) that the storefront does not make yet. */
const SPEC_CALL =
  'a call of the spec’s contract the storefront does not make yet: the typed client covers the whole contract, and tests/services call it against the embedded service';
/** The sandbox outboxes (README "Accounts in the demo"): how tests and developers read what was "sent". */
const SANDBOX_OUTBOX =
  'reads the user service’s sandbox outbox (README, "Accounts in the demo"): the tests’ way to the codes and links a shopper would receive';
/** A rule of the spec written and unit-tested in src/domain or src/stores, not wired into a page yet. */
const NOT_WIRED_YET =
  'a spec rule written and unit-tested but not used by any page yet: wire it in or delete it with its test (issue 24 leaves the choice to its owner)';

/**
 * Exports `knip --production` reports that stay on purpose: nothing in the shop imports them, and
 * each is here for the reason given. scripts/knipProduction.ts fails on any other finding, and on an
 * entry here that knip no longer reports (now used by the shop, renamed or gone): keep it exact.
 */
export const PRODUCTION_KEPT: Record<string, Record<string, string>> = {
  'src/api/content.ts': {
    getSlider: SPEC_CALL,
  },
  'src/api/search.ts': { getCombinedProduct: SPEC_CALL, getCategory: SPEC_CALL },
  'src/api/user.ts': {
    checkPhoneExists: SPEC_CALL,
    subscribeEmail: SPEC_CALL,
    readSandboxSms: SANDBOX_OUTBOX,
    readSandboxEmail: SANDBOX_OUTBOX,
  },
  'src/api/schemas/user.ts': {
    LoginRequest: 'the body of the spec’s sign-in call, typed for the user-service fuzz tests that build it',
  },
  'src/services/index.ts': {
    SANDBOX_WORLD:
      'the sandbox outside world the embedded services default to, re-exported beside createServices for tests that start them with one channel changed',
  },
  'src/services/seed/users.ts': {
    DEMO_PASSWORD: 'the demo accounts’ password (README), which tests sign in with',
  },
  'src/services/order/paymentGateway.ts': {
    signBody: 'the gateway’s half of the callback signature: tests play the bank and sign what it would send',
  },
  'src/server/images/imageRequest.ts': {
    imageVariants:
      'every variant /img makes of one source: the unit test proves the pages ask for exactly these, no more, no fewer',
  },
  'src/domain/account/kyivDate.ts': { isTodayOrAfter: NOT_WIRED_YET },
  'src/domain/basket/basketCertificates.ts': { mergeCertificates: NOT_WIRED_YET },
  'src/domain/basket/basketTotals.ts': { itemsWithoutGifts: NOT_WIRED_YET, giftItems: NOT_WIRED_YET },
  'src/domain/checkout/addressFormat.ts': { formatAddress: NOT_WIRED_YET },
  'src/domain/checkout/deliveryRules.ts': { branchesForWeight: NOT_WIRED_YET },
  'src/domain/checkout/paymentRules.ts': {
    instalmentAmountMessage: NOT_WIRED_YET,
    allowedPaymentTypes: NOT_WIRED_YET,
  },
  'src/domain/product/variantSelection.ts': { variantType: NOT_WIRED_YET },
  'src/stores/catalogNavigation.ts': { $productsLoading: NOT_WIRED_YET, $loadingMore: NOT_WIRED_YET },
};
