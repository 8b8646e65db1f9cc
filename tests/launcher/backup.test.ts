import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderSchema } from '../../src/api/schemas/order.ts';
import { MANIFEST, backupDatabases, restoreDatabases, verifyBackup } from '../../scripts/lib/databaseBackup.ts';
import { cleanUp, placeBranchOrder, startServices, tempDir } from './fixtures.ts';
import { ROOT } from './support.ts';
import { seedAll } from '../../src/services/index.ts';

/**
 * Issue 26: `npm run backup` copies the embedded databases while the services keep writing orders,
 * and `npm run restore` brings them back: every order placed before the backup and every account
 * is in the restored shop, which serves them over HTTP.
 */

afterAll(cleanUp);

/** Runs one of the project's scripts as an operator does, and gives its exit code and output. */
function runScript(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const count = (file: string, table: string): number => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return z.object({ n: z.number() }).parse(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()).n;
  } finally {
    db.close();
  }
};

describe('backups of the embedded databases', () => {
  it('are taken while orders are being written, and restore a shop with every earlier order and account', async () => {
    const dataDir = tempDir('backup-live');
    // A small shop seeded here: the services find it and do not seed 2,000 products themselves.
    seedAll(dataDir, { seed: 42, products: 200 });
    const { services, urls } = await startServices({ DATA_DIR: dataDir, ORDER_OPEN_PER_PHONE: '1000' });
    const before = [await placeBranchOrder(urls, 0), await placeBranchOrder(urls, 1)];
    const accounts = count(join(dataDir, 'user.db'), 'customer');
    expect(accounts).toBeGreaterThan(0);

    // Orders keep coming while the backup runs.
    let writing = true;
    const during: z.infer<typeof orderSchema>[] = [];
    const load = (async () => {
      // Product after product: one whose stock ran out is passed over.
      for (let nth = 2; writing; nth++) {
        const order = await placeBranchOrder(urls, nth).catch(() => null);
        if (order) during.push(order);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const out = join(tempDir('backup-out'), 'nightly');
    const backup = await runScript('backup.ts', ['--out', out, '--data-dir', dataDir]);
    writing = false;
    await load;
    expect(backup.output).toMatch(/backup: \d databases of/);
    expect(backup.code).toBe(0);
    expect(during.length, 'orders were written during the backup').toBeGreaterThan(0);
    await services.stop();

    const restoredDir = tempDir('backup-restored');
    const restore = await runScript('restore.ts', ['--from', out, '--data-dir', restoredDir]);
    expect(restore.code, restore.output).toBe(0);
    const restoredOrders = count(join(restoredDir, 'order.db'), 'customer_order');
    // One instant's copy: the orders before it, and some or none of those written meanwhile.
    expect(restoredOrders).toBeGreaterThanOrEqual(count(join(dataDir, 'order.db'), 'customer_order') - during.length);
    expect(restoredOrders).toBeLessThanOrEqual(count(join(dataDir, 'order.db'), 'customer_order'));
    expect(count(join(restoredDir, 'user.db'), 'customer')).toBe(accounts);

    // The restored shop serves them: the services start on the copy and find the earlier orders.
    const restored = await startServices({ DATA_DIR: restoredDir });
    for (const order of before) {
      const answer = await fetch(`${restored.urls.ORDER_API_URL}/public/anon/order/${order.hash}?locale=ru`);
      expect(answer.status).toBe(200);
      expect(orderSchema.parse(await answer.json()).number).toBe(order.number);
    }
    expect(restored.services.output()).not.toMatch(/seeded the demo shop/);
  });

  it('refuse a folder that already holds a backup, a changed file, and a restore over live data without --replace', () => {
    const dataDir = tempDir('backup-rules');
    const db = new DatabaseSync(join(dataDir, 'order.db'));
    db.exec('CREATE TABLE customer_order (id INTEGER PRIMARY KEY); INSERT INTO customer_order VALUES (1)');
    db.close();
    const out = join(tempDir('backup-rules-out'), 'b');
    const manifest = backupDatabases(dataDir, out, new Date('2026-11-28T01:00:00Z'));
    expect(manifest.files.map((f) => f.name)).toEqual(['order.db']);
    expect(() => backupDatabases(dataDir, out)).toThrow(/already holds a backup/);
    expect(verifyBackup(out).takenAt).toBe('2026-11-28T01:00:00.000Z');

    // Over the live folder: refused, then with --replace the old files are moved aside, not lost.
    expect(() => restoreDatabases(out, dataDir)).toThrow(/already has order\.db: stop the shop and add --replace/);
    restoreDatabases(out, dataDir, { replace: true, now: new Date('2026-11-28T02:00:00Z') });
    expect(count(join(dataDir, 'order.db.before-restore-2026-11-28T02-00-00-000Z'), 'customer_order')).toBe(1);
    expect(count(join(dataDir, 'order.db'), 'customer_order')).toBe(1);

    // A file changed after the backup is not restored.
    writeFileSync(join(out, 'order.db'), Buffer.concat([readFileSync(join(out, 'order.db')), Buffer.from('x')]));
    expect(() => verifyBackup(out)).toThrow(/order\.db is not the file the backup wrote/);
    expect(() => verifyBackup(dataDir)).toThrow(new RegExp(`holds no backup \\(no ${MANIFEST}\\)`));
  });
});
