/**
 * `npm start`: builds when needed, then serves the shop with its embedded services on HOST:PORT
 * (default 127.0.0.1:4321), creating and seeding the databases in DATA_DIR (default ./data).
 */
import { resolve } from 'node:path';
import { buildDir, buildIfNeeded } from './buildIfNeeded.ts';
import { startShop } from '../src/server/http/httpServer.ts';

const root = resolve(import.meta.dirname, '..');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const dataDir = resolve(process.env.DATA_DIR ?? 'data');

buildIfNeeded(root);
const shop = await startShop({ host, port, dataDir, distDir: buildDir(root) });
console.log(`[start] shop ready at ${shop.url}/ (Ukrainian: ${shop.url}/ua/), data in ${dataDir}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void shop.close().then(() => process.exit(0));
  });
}
