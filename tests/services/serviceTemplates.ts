import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SERVICE_NAMES, createSomeServices } from '../../src/services/index.ts';
import type { SeedOptions, ServiceName } from '../../src/services/index.ts';
import { SCRATCH } from './scratch.ts';

/**
 * Seeded shops without seeding per file (issue 24). The first test file of a run that asks for
 * these services seeded with seed S and N products seeds a template (createSomeServices, as the
 * tests' shops were seeded before); every such shop is then a copy of its files, the test's own to
 * change. Templates live in the run's folder (templatesSetup.ts) and go with it. Two workers that
 * want the same new template at once both seed it and the first rename wins: the same seed gives
 * the same data.
 *
 * The tests of the seeding itself seed with seedAll or createServices directly: seedData.test.ts
 * ("builds identical databases from the same seed"), contentSeed.test.ts, someServices.test.ts.
 */

let ownRoot: string | null = null;
/** The run's template folder, or (outside the services project's setup) one of this process's own. */
function templateRoot(): string {
  const provided = inject('serviceTemplates') as string | undefined;
  if (provided) return provided;
  if (ownRoot === null) {
    const root = mkdtempSync(join(SCRATCH, 'bbs-templates-'));
    ownRoot = root;
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return ownRoot;
}

async function template(seed: SeedOptions, services: readonly ServiceName[]): Promise<string> {
  const root = templateRoot();
  const dir = join(root, `seed-${seed.seed}-products-${seed.products}-${services.join('-')}`);
  if (existsSync(dir)) return dir;
  const building = mkdtempSync(join(root, 'building-'));
  // Closing the databases folds their write-ahead logs in: one self-contained file per service.
  (await createSomeServices(services, { dataDir: building, seed })).close();
  try {
    renameSync(building, dir);
  } catch (error) {
    // Another worker finished the same template first.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/**
 * A new data directory holding a copy of the seeded databases of `services` (all five by default):
 * hand it to createServices / createSomeServices, which find them seeded and seed nothing. Delete
 * it with `rmSync(dir, { recursive: true, force: true })` after closing the services (the end of
 * the run removes it otherwise).
 */
export async function seededDataDir(
  seed: SeedOptions,
  services: readonly ServiceName[] = SERVICE_NAMES,
): Promise<string> {
  const from = await template(seed, services);
  // Inside the run's folder: a shop a test forgets to dispose of goes with the run all the same.
  const dataDir = mkdtempSync(join(templateRoot(), 'shop-'));
  for (const service of services) copyFileSync(join(from, `${service}.db`), join(dataDir, `${service}.db`));
  return dataDir;
}
