import { mkdirSync } from 'node:fs';
import { num } from '../db/rows.ts';
import { closeServiceDatabases, openServiceDatabases, removeServiceDatabases } from '../db/serviceDatabases.ts';
import type { ServiceDatabases } from '../db/serviceDatabases.ts';
import { seedContent } from './content.ts';
import { readCatalogueFacts } from './contentCatalogue.ts';
import { seedDelivery } from './delivery.ts';
import { createRandom } from './random.ts';
import { seedSearch } from './searchSeed.ts';

export interface SeedOptions {
  seed: number;
  products: number;
}

/** The demo shop: seed 42, 2,000 products. */
export const DEFAULT_SEED: SeedOptions = { seed: 42, products: 2000 };

export interface SeedReport {
  products: number;
  variants: number;
  settlements: number;
  branches: number;
  shops: number;
  /** Content service: blocks, info pages, sliders and slides, posts, promotions, reviews, pictures. */
  contentBlocks: number;
  pages: number;
  sliders: number;
  slides: number;
  posts: number;
  promotions: number;
  reviews: number;
  images: number;
}

function isEmpty(db: ServiceDatabases[keyof ServiceDatabases], table: string, countSql: string): boolean {
  const row = db.prepare(countSql).get();
  if (row === undefined) throw new Error(`cannot count ${table}`);
  return num(row, 'n') === 0;
}

/**
 * Seeds the databases that are still empty (search catalogue, delivery data, CMS content); the
 * others start empty by design. Each service draws from its own stream of the seed, so they stay
 * independent. The content seed runs after the catalogue and reads its product ids, so reviews and
 * promotions name real products.
 */
export function seedEmptyDatabases(dbs: ServiceDatabases, options: SeedOptions): SeedReport | null {
  const random = createRandom(options.seed);
  const report: SeedReport = {
    products: 0,
    variants: 0,
    settlements: 0,
    branches: 0,
    shops: 0,
    contentBlocks: 0,
    pages: 0,
    sliders: 0,
    slides: 0,
    posts: 0,
    promotions: 0,
    reviews: 0,
    images: 0,
  };
  let seeded = false;
  if (isEmpty(dbs.search, 'product', 'SELECT count(*) AS n FROM product')) {
    Object.assign(report, seedSearch(dbs.search, random.fork('search'), options.products));
    seeded = true;
  }
  if (isEmpty(dbs.delivery, 'settlement', 'SELECT count(*) AS n FROM settlement')) {
    Object.assign(report, seedDelivery(dbs.delivery, random.fork('delivery')));
    seeded = true;
  }
  if (isEmpty(dbs.content, 'content_block', 'SELECT count(*) AS n FROM content_block')) {
    Object.assign(report, seedContent(dbs.content, random.fork('content'), readCatalogueFacts(dbs.search)));
    seeded = true;
  }
  return seeded ? report : null;
}

/** Rebuilds every service database in `dataDir` from scratch (old files are deleted) and seeds the demo shop. */
export function seedAll(dataDir: string, options: SeedOptions = DEFAULT_SEED): SeedReport {
  if (dataDir === ':memory:') throw new Error('seedAll writes files; use createServices for an in-memory shop');
  mkdirSync(dataDir, { recursive: true });
  removeServiceDatabases(dataDir);
  const dbs = openServiceDatabases(dataDir);
  try {
    const report = seedEmptyDatabases(dbs, options);
    if (report === null) throw new Error('freshly created databases were not empty');
    // Fold the WAL into the main file so the result is one self-contained file per service.
    for (const db of Object.values(dbs)) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return report;
  } finally {
    closeServiceDatabases(dbs);
  }
}
