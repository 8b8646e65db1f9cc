import { DatabaseSync } from 'node:sqlite';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_PAGE_SLUGS, NAV_BANNERS_SLUG, productSliderBlockSchema } from '../../src/api/schemas/content.ts';
import { migrate, openDatabase } from '../../src/services/db/database.ts';
import { migrationsDir } from '../../src/services/db/serviceDatabases.ts';
import { seedAll } from '../../src/services/index.ts';
import { seedContent } from '../../src/services/seed/content.ts';
import { readCatalogueFacts } from '../../src/services/seed/contentCatalogue.ts';
import { createRandom } from '../../src/services/seed/random.ts';

/** The demo CMS content: deterministic, complete, consistent with the catalogue, fast. */
const dirs: string[] = [];
const open: DatabaseSync[] = [];

const SERVICES_INDEX = fileURLToPath(new URL('../../src/services/index.ts', import.meta.url));

/**
 * Seeds a fresh data directory. `inChildProcess` runs the seed in another Node process, so state
 * kept in modules (a clock read once, a cache) cannot make two runs agree by accident.
 */
function seeded(
  seed: number,
  products: number,
  inChildProcess = false,
): { content: DatabaseSync; search: DatabaseSync } {
  const dir = mkdtempSync(join(tmpdir(), 'bbs-content-seed-'));
  dirs.push(dir);
  if (inChildProcess) {
    const script = `const { seedAll } = await import(process.argv[1]); seedAll(process.argv[2], { seed: ${seed}, products: ${products} });`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script, SERVICES_INDEX, dir], { stdio: 'pipe' });
  } else {
    seedAll(dir, { seed, products });
  }
  const content = new DatabaseSync(join(dir, 'content.db'), { readOnly: true });
  const search = new DatabaseSync(join(dir, 'search.db'), { readOnly: true });
  open.push(content, search);
  return { content, search };
}

/** Every row of every content table, in a fixed order, as one JSON text. */
function dump(db: DatabaseSync): string {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => String(row.name))
    .filter((name) => name !== 'schema_migrations');
  // Table names come from sqlite_schema, never from input.
  return JSON.stringify(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all()]));
}

const count = (db: DatabaseSync, sql: string, ...params: (string | number)[]): number =>
  Number(db.prepare(sql).get(...params)?.n);

let a: { content: DatabaseSync; search: DatabaseSync };

beforeAll(() => {
  a = seeded(42, 600);
});
afterAll(() => {
  for (const db of open) db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the content seed', () => {
  it('is deterministic: the same seed gives byte-identical content, also in another process', () => {
    const b = seeded(42, 600, true);
    expect(dump(b.content)).toBe(dump(a.content));
  });

  it('draws reviews from the seed: another seed gives other reviews', () => {
    const c = seeded(7, 600);
    const reviews = (db: DatabaseSync) => JSON.stringify(db.prepare('SELECT * FROM review ORDER BY id LIMIT 50').all());
    expect(reviews(c.content)).not.toBe(reviews(a.content));
  });

  it('fills every main-page slug in both languages', () => {
    const sliders = [
      MAIN_PAGE_SLUGS.slider,
      MAIN_PAGE_SLUGS.mobileSlider,
      MAIN_PAGE_SLUGS.firstSlider,
      MAIN_PAGE_SLUGS.secondSlider,
      MAIN_PAGE_SLUGS.categories,
      MAIN_PAGE_SLUGS.brands,
      MAIN_PAGE_SLUGS.partnerBrand,
      NAV_BANNERS_SLUG,
    ];
    const blocks = Object.values(MAIN_PAGE_SLUGS).filter((slug) => !sliders.includes(slug));
    expect(blocks).toHaveLength(6);
    for (const locale of ['ru', 'uk']) {
      for (const slug of sliders) {
        expect(
          count(
            a.content,
            `SELECT count(*) AS n FROM slider s JOIN slider_item i ON i.slider_id = s.id
             WHERE s.slug = ? AND s.locale = ? AND i.is_active = 1`,
            slug,
            locale,
          ),
          `${slug} ${locale}`,
        ).toBeGreaterThan(0);
      }
      for (const slug of blocks) {
        expect(
          count(a.content, 'SELECT count(*) AS n FROM content_block WHERE slug = ? AND locale = ?', slug, locale),
          `${slug} ${locale}`,
        ).toBe(1);
      }
    }
  });

  it('has at least 20 blog posts and 20 news items, each in both languages', () => {
    for (const group of [0, 1]) {
      for (const locale of ['ru', 'uk']) {
        expect(
          count(
            a.content,
            `SELECT count(*) AS n FROM post p JOIN post_translation t ON t.post_id = p.id
             WHERE p.post_group = ? AND t.locale = ?`,
            group,
            locale,
          ),
        ).toBeGreaterThanOrEqual(20);
      }
    }
    expect(count(a.content, 'SELECT count(DISTINCT title) AS n FROM post_translation')).toBe(
      count(a.content, 'SELECT count(*) AS n FROM post_translation'),
    );
  });

  it('reviews real products only, with their categories and articles', () => {
    const reviews = a.content
      .prepare('SELECT product_id, folder_category, category, article FROM review')
      .all()
      .map((row) => ({
        productId: Number(row.product_id),
        folder: String(row.folder_category),
        category: row.category === null ? null : String(row.category),
        article: row.article === null ? null : String(row.article),
      }));
    expect(reviews.length).toBeGreaterThan(300);
    const product = a.search.prepare(
      `SELECT f.slug AS folder, c.slug AS category FROM product p JOIN category f ON f.id = p.folder_category_id
       LEFT JOIN category c ON c.id = p.category_id WHERE p.id = ?`,
    );
    const variant = a.search.prepare('SELECT product_id FROM variant WHERE display_article = ?');
    for (const review of reviews) {
      const row = product.get(review.productId);
      expect(row, `product ${review.productId}`).toBeDefined();
      expect(review.folder).toBe(row?.folder);
      expect(review.category).toBe(row?.category);
      // Every seeded review names the variant it is about, by an article of its own product.
      expect(review.article, `review of product ${review.productId}`).not.toBeNull();
      expect(Number(variant.get(review.article ?? '')?.product_id)).toBe(review.productId);
    }
    const ratings = a.content.prepare('SELECT rating, count(*) AS n FROM review GROUP BY rating').all();
    expect(ratings).toHaveLength(5);
  });

  it('links each filter promotion to exactly the products the catalogue marks with it', () => {
    const marked = (slug: string): number[] =>
      a.search
        .prepare(
          `SELECT pf.product_id AS id FROM product_filter pf JOIN filter_value v ON v.id = pf.filter_id
           JOIN topic t ON t.id = v.topic_id WHERE t.slug = 'promotions' AND v.slug = ? ORDER BY 1`,
        )
        .all(slug)
        .map((row) => Number(row.id));
    const linked = (slug: string): number[] =>
      a.content
        .prepare(
          `SELECT pp.product_id AS id FROM promotion_product pp JOIN promotion p ON p.id = pp.promotion_id
           WHERE p.slug = ? ORDER BY 1`,
        )
        .all(slug)
        .map((row) => Number(row.id));
    const filtered = a.content
      .prepare('SELECT slug FROM promotion WHERE filter_slug IS NOT NULL')
      .all()
      .map((row) => String(row.slug));
    expect(filtered.length).toBeGreaterThanOrEqual(5);
    for (const slug of filtered) {
      expect(linked(slug), slug).toEqual(marked(slug));
    }
    expect(linked('skidki-do-50').length).toBeGreaterThan(0);
  });

  it('puts only buyable products on the main page', () => {
    const row = a.search.prepare('SELECT is_archival, has_image, has_price FROM product WHERE id = ?');
    for (const slug of [MAIN_PAGE_SLUGS.firstProductSlider, MAIN_PAGE_SLUGS.secondProductSlider]) {
      const stored = a.content.prepare("SELECT content FROM content_block WHERE slug = ? AND locale = 'ru'").get(slug);
      const block = productSliderBlockSchema.parse(JSON.parse(String(stored?.content)));
      for (const id of block.productIds) {
        expect(row.get(id)).toEqual({ is_archival: 0, has_image: 1, has_price: 1 });
      }
    }
  });

  it('has a stored picture behind every generated image link', () => {
    const texts = [
      ...a.content.prepare('SELECT content AS t FROM content_block').all(),
      ...a.content.prepare("SELECT props || coalesce(description, '') AS t FROM slider_item").all(),
      ...a.content.prepare('SELECT image AS t FROM post UNION ALL SELECT image FROM promotion').all(),
    ].map((row) => String(row.t));
    const names = new Set(
      texts.flatMap((text) =>
        [...text.matchAll(/\/svc\/content\/public\/images\/([a-z0-9-]+)\.svg/g)].map((m) => m[1]),
      ),
    );
    expect(names.size).toBeGreaterThan(100);
    const stored = a.content.prepare('SELECT 1 AS n FROM content_image WHERE name = ?');
    for (const name of names) expect(stored.get(name ?? ''), name).toBeDefined();
  });

  it('seeds the content of a 2,000-product shop in well under a second', () => {
    const b = seeded(42, 2000);
    const db = openDatabase(':memory:', { synchronous: 'NORMAL' });
    try {
      migrate(db, migrationsDir('content'));
      const started = performance.now();
      const report = seedContent(db, createRandom(42).fork('content'), readCatalogueFacts(b.search));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(report.posts).toBeGreaterThanOrEqual(40);
      expect(report.reviews).toBeGreaterThan(1000);
      // Seeding into the same database file through seedAll gave the same rows.
      expect(count(b.content, 'SELECT count(*) AS n FROM review')).toBe(report.reviews);
    } finally {
      db.close();
    }
  });
});
