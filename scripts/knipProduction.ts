/**
 * `knip --production`, a step of `npm test`: dead code as the shop itself sees it. Plain `knip`
 * counts tests as users, so an export only a test imports looks alive; here only the production
 * entries of knip.ts (the `!` ones) count. Fails on every finding except the exports knip.ts keeps
 * on purpose (PRODUCTION_KEPT, each with its reason), and on a kept entry knip no longer reports
 * (the shop uses it now, or it was renamed or removed), so the list stays exact.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PRODUCTION_KEPT } from '../knip.ts';

const root = resolve(import.meta.dirname, '..');
const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'knip', 'bin', 'knip.js'), '--production', '--no-progress', '--reporter', 'json'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
// Knip exits 1 when it finds anything (read below), 2 when it could not run.
if (run.status !== 0 && run.status !== 1) {
  console.error(run.stdout, run.stderr);
  console.error(`knip --production could not run (exit code ${String(run.status)})`);
  process.exit(1);
}

/** One finding: an issue type of knip's (`exports`, `types`, `files`, `dependencies` …), a file and a name. */
const itemSchema = z.union([z.string(), z.object({ name: z.string() })]);
const reportSchema = z.object({
  issues: z.array(z.looseObject({ file: z.string() })),
});
const report = reportSchema.parse(JSON.parse(run.stdout));

const findings: { type: string; file: string; name: string }[] = [];
for (const { file, ...types } of report.issues) {
  for (const [type, items] of Object.entries(types)) {
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const parsed = itemSchema.parse(item);
      findings.push({ type, file, name: typeof parsed === 'string' ? parsed : parsed.name });
    }
  }
}

const isKept = (file: string, name: string) => PRODUCTION_KEPT[file]?.[name] !== undefined;
const unexpected = findings.filter((f) => !isKept(f.file, f.name));
const reported = new Set(findings.map((f) => `${f.file} ${f.name}`));
const stale = Object.entries(PRODUCTION_KEPT).flatMap(([file, names]) =>
  Object.keys(names)
    .filter((name) => !reported.has(`${file} ${name}`))
    .map((name) => `${file}: ${name}`),
);

const kept = findings.length - unexpected.length;
console.log(`knip --production: ${findings.length} reported, ${kept} kept on purpose (knip.ts PRODUCTION_KEPT)`);
if (unexpected.length > 0) {
  console.log(
    '\nUnused in production (only tests or tools use these; delete them, or keep one in knip.ts with a reason):',
  );
  for (const f of unexpected) console.log(`  ${f.type.padEnd(12)} ${f.file}: ${f.name}`);
}
if (stale.length > 0) {
  console.log(
    '\nKept in knip.ts but no longer reported (used by the shop now, renamed or gone): remove from PRODUCTION_KEPT:',
  );
  for (const entry of stale) console.log(`  ${entry}`);
}
process.exit(unexpected.length === 0 && stale.length === 0 ? 0 : 1);
