/**
 * `npm test`: every check a change must pass, in the order that fails fastest — lint (import
 * boundaries included), format, dead code (knip), typecheck, unit, service and component tests
 * (vitest), then end-to-end tests (Playwright, real chromium, production build, fresh data dir;
 * the JavaScript budget per page kind is one of them). Ends with one "N passed, N failed" line:
 * tests of vitest and Playwright, plus one failure per failed check step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ensureRedis } from './ensureDebianPackage.ts';

const root = resolve(import.meta.dirname, '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, 'reports');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// The launcher tests start their own redis-server (several storefront processes on one Redis).
ensureRedis();

const VITEST = 'unit + services + launcher + components';
const E2E = 'e2e';
const steps: { name: string; args: string[] }[] = [
  // Astro's generated types (astro:env, content) first: type-aware lint reads them, and a clean
  // clone has none until Astro writes them.
  { name: 'sync', args: [bin('astro', 'bin/astro.mjs'), 'sync'] },
  { name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '.'] },
  { name: 'format', args: [bin('prettier', 'bin/prettier.cjs'), '--check', '.'] },
  // Unused files, exports, types and dependencies (knip.ts says what is an entry and why).
  { name: 'knip', args: [bin('knip', 'bin/knip.js'), '--no-progress'] },
  { name: 'typecheck', args: [bin('astro', 'bin/astro.mjs'), 'check'] },
  {
    name: VITEST,
    args: [
      bin('vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(results, 'vitest.json')}`,
    ],
  },
  { name: E2E, args: [join(root, 'scripts', 'e2e.ts')] },
];

const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  console.log(
    `=== ${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) failedSteps.push(step.name);
}

const vitestReport = z.object({ numPassedTests: z.number(), numFailedTests: z.number() });
const playwrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number() }),
});
function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  const path = join(results, file);
  if (!existsSync(path)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return parsed.success ? parsed.data : null;
}
const unit = readReport('vitest.json', vitestReport);
const e2e = readReport('e2e.json', playwrightReport);
/** A test step that failed counts its failed tests, and at least one (it may have crashed before any ran). */
const failedIn = (step: string, failedTests: number) =>
  failedSteps.includes(step) ? Math.max(1, failedTests) : failedTests;
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0);
const failed =
  failedIn(VITEST, unit?.numFailedTests ?? 0) +
  failedIn(E2E, e2e?.stats.unexpected ?? 0) +
  failedSteps.filter((s) => s !== VITEST && s !== E2E).length;

console.log(`\nSteps failed: ${failedSteps.length === 0 ? 'none' : failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);
