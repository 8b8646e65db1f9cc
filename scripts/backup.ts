/**
 * `npm run backup -- --out DIR [--data-dir D]`: a consistent copy of every embedded database while
 * the shop keeps serving (scripts/lib/databaseBackup.ts; docs/operations.md "Backups").
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabases, describeBackup } from './lib/databaseBackup.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'data-dir': { type: 'string' } },
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
});
if (!values.out) {
  console.error('backup: --out DIR is required (a new folder for this backup)');
  process.exit(2);
}
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
const started = performance.now();
try {
  const manifest = backupDatabases(dataDir, resolve(values.out));
  console.log(
    `backup: ${manifest.files.length} databases of ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s → ${resolve(values.out)}\n${describeBackup(manifest)}`,
  );
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
