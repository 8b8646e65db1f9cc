/**
 * `npm test`: every check a change must pass, in the order that fails fastest — lint (import
 * boundaries included), format, dead code (knip, then knip --production), typecheck, unit, service,
 * launcher and component tests (vitest, with the coverage floors of src/domain and src/stores),
 * then end-to-end tests (Playwright, real chromium, production build, fresh data dir; the
 * JavaScript budget per page kind is one of them). The lint runs beside the other static checks
 * (two cores). Each step prints its time, and the end repeats them all; the last line is
 * "N passed, N failed": tests of vitest and Playwright, plus one failure per failed check step.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ensureTestChromium } from './ensureChromium.ts';
import { ensureRedis, ensureVarnish } from './ensureDebianPackage.ts';

const root = resolve(import.meta.dirname, '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, 'reports');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// The launcher tests start their own redis-server (several storefront processes on one Redis).
ensureRedis();
// The edge-cache test starts its own varnishd in front of the shop.
ensureVarnish();
// The launcher's production-shop test and the end-to-end tests drive it.
ensureTestChromium();

const VITEST = 'unit + services + launcher + components';
const E2E = 'e2e';
interface Step {
  name: string;
  args: string[];
}
const step = (name: string, ...args: string[]): Step => ({ name, args });

/**
 * Phases run one after the other. The lanes of a phase run side by side, each lane's steps in turn:
 * the static checks are single-threaded, so on two cores the lint (the longest) runs beside the
 * others instead of before them. A lane's output is printed whole when each of its steps ends; a
 * phase of one step (the test runners) prints as it goes.
 */
const phases: Step[][][] = [
  // Astro's generated types (astro:env, content) first: type-aware lint and the typecheck read them,
  // and a clean clone has none until Astro writes them.
  [[step('sync', bin('astro', 'bin/astro.mjs'), 'sync')]],
  // Two lanes of about a minute each (measured 2026-11-27: lint 51 s + knip 6 s beside format 22 s +
  // typecheck 40 s).
  [
    [
      step('lint', bin('eslint', 'bin/eslint.js'), '.'),
      // Unused files, exports, types and dependencies (knip.ts says what is an entry and why) …
      step('knip', bin('knip', 'bin/knip.js'), '--no-progress'),
      // … and what only tests use: dead in the shop (the few kept on purpose are listed in knip.ts).
      step('knip --production', join(root, 'scripts', 'knipProduction.ts')),
    ],
    [
      step('format', bin('prettier', 'bin/prettier.cjs'), '--check', '.'),
      step('typecheck', bin('astro', 'bin/astro.mjs'), 'check'),
    ],
  ],
  [
    [
      step(
        VITEST,
        bin('vitest', 'vitest.mjs'),
        'run',
        // The floors of vitest.config.ts: a drop under one fails the step.
        '--coverage',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${join(results, 'vitest.json')}`,
      ),
    ],
  ],
  [[step(E2E, join(root, 'scripts', 'e2e.ts'))]],
];

const failedSteps: string[] = [];
/** Each step's line, printed again at the end in the order of `phases`. */
const times = new Map<string, string>();
const runStarted = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

async function run({ name, args }: Step, live: boolean): Promise<void> {
  if (live) console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const status = await new Promise<number | null>((settle) => {
    child.once('error', (error) => {
      output += `${error.message}\n`;
      settle(null);
    });
    child.once('close', settle);
  });
  const line = `${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`;
  if (!live) console.log(`\n=== ${name} ===\n${output.trimEnd()}`);
  console.log(`=== ${line}`);
  times.set(name, line);
  if (status !== 0) failedSteps.push(name);
}

for (const lanes of phases) {
  const live = lanes.length === 1 && lanes[0]?.length === 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const each of lane) await run(each, live);
    }),
  );
}

console.log(`\nSteps (${seconds(runStarted)} s in all; lint and knip ran beside format and typecheck):`);
for (const { name } of phases.flat(2)) console.log(`  ${times.get(name) ?? `${name}: not run`}`);

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
