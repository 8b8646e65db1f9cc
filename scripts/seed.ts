/**
 * Rebuilds the embedded services' databases with the deterministic demo shop.
 *   npm run seed -- [--products N] [--seed S] [--data-dir D]
 * Defaults: 2,000 products, seed 42, $DATA_DIR or ./data. Existing database files are deleted first.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SEED, seedAll } from '../src/services/index.ts';

const argsSchema = z.object({
  products: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_SEED.products),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(DEFAULT_SEED.seed),
  'data-dir': z
    .string()
    .min(1)
    .default(process.env.DATA_DIR ?? './data'),
});

const { values } = parseArgs({
  options: { products: { type: 'string' }, seed: { type: 'string' }, 'data-dir': { type: 'string' } },
  // `npm run seed -- --products 10` passes a lone `--` through on some npm versions.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
});
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  console.error(`seed: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(2);
}
const dataDir = resolve(parsed.data['data-dir']);
const started = performance.now();
const report = seedAll(dataDir, { seed: parsed.data.seed, products: parsed.data.products });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(
  `Seeded ${dataDir} in ${seconds} s (seed ${parsed.data.seed}): ${report.products} products, ${report.variants} variants, ` +
    `${report.settlements} settlements, ${report.branches} branches, ${report.shops} shops and warehouses.`,
);
