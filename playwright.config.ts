import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM } from './scripts/ensureChromium.ts';

// End-to-end tests run against the production build served by the same launcher as `npm start`,
// with a fresh temporary DATA_DIR (seeded on start). Playwright cannot download its browsers here,
// so Debian's chromium-headless-shell is used (scripts/ensureChromium.ts). The data dir is chosen
// once in the runner process and inherited by the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'bbs-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
/** Shared with tests/e2e/cache.spec.ts, which calls POST /api/revalidate. */
export const E2E_REVALIDATE_SECRET = 'e2e-revalidate-secret';
/** A stored "no" to analytics (src/domain/analytics/consent.ts). */
const E2E_CONSENT_REFUSED = JSON.stringify({ analytics: false, at: '2026-01-01T00:00:00.000Z' });
/** The embedded CMS editor API's bearer token in e2e runs. */
export const E2E_EDITOR_TOKEN = 'e2e-editor-token';
/** The search service's admin API (prices and stock) bearer token in e2e runs. */
export const E2E_SEARCH_ADMIN_TOKEN = 'e2e-search-admin-token';
export const E2E_ORDER_ADMIN_TOKEN = 'e2e-order-admin-token';

const WITH_PICTURES = {
  executablePath: TEST_CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
  ],
};
/**
 * The same browser with pictures off: no `<img>` is fetched, decoded or painted, so the server
 * makes no photo and no transform for it. Measured 2026-11-28 on 48 flow tests: 98 s → 74 s.
 * Layout does not change (every picture has its width and height, or its box, in the markup).
 */
const WITHOUT_PICTURES = { ...WITH_PICTURES, args: [...WITH_PICTURES.args, '--blink-settings=imagesEnabled=false'] };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    // A failed test keeps its trace: the actions with their timings, the console, the network and the
    // sources, plus one screenshot and the page's ARIA snapshot (error-context.md). Not the screencast
    // or a DOM snapshot at every action: recorded for every test (and thrown away when it passes),
    // those cost about 15 % of the run's CPU (measured: 54 tests, 90 s → 77 s on this machine).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // Every test starts with the consent question answered "no" (the banner would cover what tests
    // click at the bottom of the page); tests/e2e/analytics.spec.ts starts without it.
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'bbs_consent', value: E2E_CONSENT_REFUSED }] }],
    },
    launchOptions: WITH_PICTURES,
    // The offline worker (src/offline/serviceWorker.ts) would answer a page's requests itself, which
    // `page.route` and the request counts of many tests never see; tests/e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // Most tests walk flows that pictures do not change: their chromium loads none
    // (docs/decisions.md "End-to-end tests without pictures, but where pictures are the subject").
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: WITHOUT_PICTURES },
      testIgnore: /editor\.spec\.ts/,
      grepInvert: /@pictures/,
    },
    // Tests tagged @pictures: what pictures load, when, at which size, or a flow they hold back.
    {
      name: 'pictures',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // The other projects asked for no picture: these are the first to, and every one is made on
      // its first request (a photo, then its slot's variant), both workers at once.
      timeout: 90_000,
      testIgnore: /editor\.spec\.ts/,
      grep: /@pictures/,
    },
    // The editor tests change the main page; they run after everything that compares it with the services.
    {
      name: 'editor',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: WITHOUT_PICTURES },
      testMatch: /editor\.spec\.ts/,
      dependencies: ['chromium', 'pictures'],
    },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    url: `${baseURL}/svc/search/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Every run starts with no transformed picture, as a fresh server does (the default is shared
      // by runs on one machine and would hide the cost of the first transform).
      IMAGE_CACHE_DIR: join(process.env.E2E_DATA_DIR, 'image-cache'),
      SHOP_E2E_FAULTS: '1',
      // A run's output shows the shop's warnings and failures, not a line per request (LOG_LEVEL=info
      // in the caller's environment brings them back).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      REVALIDATE_SECRET: E2E_REVALIDATE_SECRET,
      CMS_EDITOR_TOKEN: E2E_EDITOR_TOKEN,
      SEARCH_ADMIN_TOKEN: E2E_SEARCH_ADMIN_TOKEN,
      ORDER_ADMIN_TOKEN: E2E_ORDER_ADMIN_TOKEN,
      // Every browser of the run is 127.0.0.1, so one address stands for every shopper the tests
      // register and sign in: the per-address limits scale up, the per-phone ones do not (their
      // defaults are tested in tests/services/userAuth.test.ts).
      USER_ADDRESS_LIMIT_FACTOR: '20',
      // The run places its orders with a few phones (380501234567 of the checkout tests and
      // tests/e2e/orderSupport.ts, the demo accounts'), far more than the 3 open unpaid orders a
      // phone may have; only this bound is raised, its default is tested in
      // tests/services/orderHolds.test.ts.
      ORDER_OPEN_PER_PHONE: '1000',
      // A run on another port (a second run in the same checkout) builds apart from `dist`.
      SHOP_BUILD_DIR: port === 4399 ? 'dist' : `dist-e2e-${port}`,
    },
  },
});
