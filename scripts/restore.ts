/**
 * `npm run restore -- --from DIR [--data-dir D] [--replace]`, with the shop stopped: checks the
 * backup against its manifest, then puts its databases into the data folder (the ones there are
 * moved aside, never deleted; scripts/lib/databaseBackup.ts; docs/operations.md "Backups").
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeBackup, restoreDatabases } from './lib/databaseBackup.ts';

const { values } = parseArgs({
  options: { from: { type: 'string' }, 'data-dir': { type: 'string' }, replace: { type: 'boolean' } },
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
});
if (!values.from) {
  console.error('restore: --from DIR is required (a folder written by npm run backup)');
  process.exit(2);
}
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
try {
  const manifest = restoreDatabases(resolve(values.from), dataDir, { replace: values.replace === true });
  console.log(`restore: the backup of ${manifest.takenAt} is in ${dataDir}\n${describeBackup(manifest)}`);
} catch (error) {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
