import { mkdirSync } from 'node:fs';
import { num } from '../db/rows.ts';
import {
  closeServiceDatabases,
  openServiceDatabase,
  openServiceDatabases,
  removeServiceDatabases,
} from '../db/serviceDatabases.ts';
import type { ServiceDatabases } from '../db/serviceDatabases.ts';
import type { ServiceName } from '../http/serviceApp.ts';
import { seedContent } from './content.ts';
import { readCatalogueFacts } from './contentCatalogue.ts';
import { seedDelivery } from './delivery.ts';
import { seedOrder } from './order.ts';
import { readOrderCatalogue } from './orderCatalogue.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import { seedSearch } from './searchSeed.ts';
import { seedUsers } from './users.ts';

export interface SeedOptions {
  seed: number;
  products: number;
}

/** The demo shop: seed 42, 2,000 products. */
export const DEFAULT_SEED: SeedOptions = { seed: 42, products: 2000 };

export interface SeedReport {
  /** The services whose databases were empty and got the demo data, in seeding order. */
  seeded: ServiceName[];
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
  /** Order service: promo codes, gift certificates and gift-with-purchase promotions. */
  promoCodes: number;
  certificates: number;
  giftPromotions: number;
  /**
   * User service: demo accounts seeded into an empty user database (seed/users.ts). Counted here
   * rather than listed in `seeded`, which names the services of the demo shop's catalogue data.
   */
  users: number;
}

function isEmpty(db: ServiceDatabases[ServiceName], table: string, countSql: string): boolean {
  const row = db.prepare(countSql).get();
  if (row === undefined) throw new Error(`cannot count ${table}`);
  return num(row, 'n') === 0;
}

/**
 * Runs `read` on the demo catalogue the content and order seeds refer to. The search database when
 * it is seeded here; when search runs elsewhere, the same catalogue is generated into a throw-away
 * in-memory database from the same stream of the seed, so reviews, promotions and gift promotions
 * name the products a demo search service seeded with the same options has (a real search service
 * has other products: the demo data then points at ids it may not know, which is what demo data
 * does anyway).
 */
function withCatalogue<T>(
  search: ServiceDatabases['search'] | undefined,
  random: Random,
  products: number,
  read: (catalogue: ServiceDatabases['search']) => T,
): T {
  if (search) return read(search);
  const scratch = openServiceDatabase(':memory:', 'search');
  try {
    seedSearch(scratch, random, products);
    return read(scratch);
  } finally {
    scratch.close();
  }
}

/**
 * Seeds those of the given databases that are still empty (search catalogue, delivery data, CMS
 * content, the order service's promo codes, certificates and gift promotions, the user service's
 * demo accounts); orders start empty by design, and a service left out of `dbs` (it runs elsewhere) is neither opened nor
 * seeded. Each service draws from its own stream of the seed, so they stay independent and a subset
 * seeds exactly what the whole shop would. The content and order seeds run after the catalogue and
 * read its products, so reviews, promotions and gifts name real ones.
 */
export function seedEmptyDatabases(dbs: Partial<ServiceDatabases>, options: SeedOptions): SeedReport | null {
  const random = createRandom(options.seed);
  const report: SeedReport = {
    seeded: [],
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
    promoCodes: 0,
    certificates: 0,
    giftPromotions: 0,
    users: 0,
  };
  if (dbs.search && isEmpty(dbs.search, 'product', 'SELECT count(*) AS n FROM product')) {
    Object.assign(report, seedSearch(dbs.search, random.fork('search'), options.products));
    report.seeded.push('search');
  }
  if (dbs.delivery && isEmpty(dbs.delivery, 'settlement', 'SELECT count(*) AS n FROM settlement')) {
    Object.assign(report, seedDelivery(dbs.delivery, random.fork('delivery')));
    report.seeded.push('delivery');
  }
  const content =
    dbs.content && isEmpty(dbs.content, 'content_block', 'SELECT count(*) AS n FROM content_block')
      ? dbs.content
      : null;
  // Promo codes and promotions, not orders: a shop with orders but no promotions gets them.
  const order =
    dbs.order &&
    isEmpty(
      dbs.order,
      'promo_code',
      'SELECT (SELECT count(*) FROM promo_code) + (SELECT count(*) FROM gift_promotion) AS n',
    )
      ? dbs.order
      : null;
  if (content || order) {
    // One catalogue for both: without a search database here it is generated once, not twice.
    withCatalogue(dbs.search, random.fork('search'), options.products, (catalogue) => {
      if (content) {
        Object.assign(report, seedContent(content, random.fork('content'), readCatalogueFacts(catalogue)));
        report.seeded.push('content');
      }
      if (order) {
        Object.assign(report, seedOrder(order, random.fork('order'), readOrderCatalogue(catalogue)));
        report.seeded.push('order');
      }
    });
  }
  if (dbs.user && isEmpty(dbs.user, 'customer', 'SELECT count(*) AS n FROM customer')) {
    report.users = seedUsers(dbs.user).users;
  }
  return report.seeded.length > 0 || report.users > 0 ? report : null;
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
