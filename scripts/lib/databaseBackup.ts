import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { SERVICE_NAMES } from '../../src/services/db/serviceDatabases.ts';

/**
 * Online backups of the embedded databases (issue 26): `npm run backup -- --out DIR` while the shop
 * serves, `npm run restore -- --from DIR` with it stopped. Each file is copied by SQLite's
 * `VACUUM INTO` from a read-only connection of its own: one read transaction, so the copy is the
 * database as of one instant even while orders are written (WAL lets writers go on meanwhile), and
 * it comes out compact, with no `-wal` file to carry along. The photos and the image cache are
 * made again on demand and are not copied.
 */

/** The files a backup holds: the five services' and, without Redis, the sessions'. */
const BACKED_UP = [...SERVICE_NAMES.map((service) => `${service}.db`), 'sessions.db'] as const;

export const MANIFEST = 'manifest.json';

const manifestSchema = z.object({
  takenAt: z.iso.datetime(),
  files: z.array(
    z.object({
      name: z.enum(BACKED_UP),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Whether SQLite finds a file whole (`PRAGMA integrity_check`). */
function intact(file: string): boolean {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (
      z.object({ integrity_check: z.string() }).parse(db.prepare('PRAGMA integrity_check').get()).integrity_check ===
      'ok'
    );
  } finally {
    db.close();
  }
}

/**
 * Copies every database of `dataDir` there is into `outDir` (made; must hold no backup yet), checks
 * each copy's integrity and writes a manifest with their sizes and SHA-256 sums.
 */
export function backupDatabases(dataDir: string, outDir: string, now = new Date()): BackupManifest {
  if (existsSync(join(outDir, MANIFEST))) throw new Error(`${outDir} already holds a backup`);
  mkdirSync(outDir, { recursive: true });
  const files: BackupManifest['files'] = [];
  for (const name of BACKED_UP) {
    const source = join(dataDir, name);
    if (!existsSync(source)) continue;
    const target = join(outDir, name);
    // Written under a temporary name: a backup cut short leaves no file that looks whole.
    const partial = `${target}.partial`;
    rmSync(partial, { force: true });
    const db = new DatabaseSync(source, { readOnly: true, timeout: 10_000 });
    try {
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    if (!intact(partial)) throw new Error(`the copy of ${name} failed SQLite's integrity check`);
    renameSync(partial, target);
    files.push({ name, bytes: readFileSync(target).byteLength, sha256: sha256(target) });
  }
  if (files.length === 0) throw new Error(`no database in ${dataDir}`);
  const manifest: BackupManifest = { takenAt: now.toISOString(), files };
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The manifest of a backup, refused when a file is missing or not what was written. */
export function verifyBackup(fromDir: string): BackupManifest {
  const manifestFile = join(fromDir, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${fromDir} holds no backup (no ${MANIFEST})`);
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  for (const file of manifest.files) {
    const path = join(fromDir, file.name);
    if (!existsSync(path)) throw new Error(`${file.name} is missing from the backup`);
    if (sha256(path) !== file.sha256) throw new Error(`${file.name} is not the file the backup wrote`);
  }
  return manifest;
}

/**
 * Puts a verified backup's databases into `dataDir`, with the shop stopped. A database already
 * there is refused unless `replace`; then it and its `-wal`/`-shm` files are moved aside to
 * `<name>.before-restore-<time>` rather than deleted, so a restore over the wrong folder loses nothing.
 */
export function restoreDatabases(
  fromDir: string,
  dataDir: string,
  options: { replace?: boolean; now?: Date } = {},
): BackupManifest {
  const manifest = verifyBackup(fromDir);
  mkdirSync(dataDir, { recursive: true });
  const present = manifest.files.filter((file) => existsSync(join(dataDir, file.name)));
  if (present.length > 0 && !options.replace)
    throw new Error(`${dataDir} already has ${present.map((f) => f.name).join(', ')}: stop the shop and add --replace`);
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  for (const file of manifest.files) {
    const target = join(dataDir, file.name);
    for (const existing of [file.name, `${file.name}-wal`, `${file.name}-shm`]) {
      if (existsSync(join(dataDir, existing)))
        renameSync(join(dataDir, existing), join(dataDir, `${existing}.before-restore-${stamp}`));
    }
    copyFileSync(join(fromDir, file.name), target);
  }
  return manifest;
}

/** One line per file, for the scripts' output. */
export function describeBackup(manifest: BackupManifest): string {
  return manifest.files
    .map((f) => `  ${basename(f.name)} ${(f.bytes / 1024).toFixed(0)} KB sha256 ${f.sha256.slice(0, 12)}…`)
    .join('\n');
}
