import type { DatabaseSync } from 'node:sqlite';
import { num, str, strOrNull } from '../db/rows.ts';

/**
 * What the content seed needs to know about the demo catalogue, read from the seeded search
 * database: reviews and promotions must name real products, and the main page's product sliders
 * real, buyable ones. Read-only; the search service stays the owner of these tables.
 */
export interface CatalogueProduct {
  id: number;
  folder: string;
  category: string | null;
  brand: string | null;
  /** Value of the `promotions` filter topic, if the product takes part in one. */
  promotion: string | null;
  popularity: number;
  arrivedOn: string;
  /** Not archival, with a picture and a price: fit for a main-page slider. */
  showable: boolean;
  /** Display articles of the variants that are not archival (all of them if every one is). */
  articles: string[];
}

export interface CatalogueFacts {
  products: CatalogueProduct[];
}

/**
 * Rows are read one at a time (`iterate`), not as arrays of row objects: at 200,000 products the
 * variants' rows alone held ~400 MB (issue 30, seeding within 1 GB).
 */
export function readCatalogueFacts(search: DatabaseSync): CatalogueFacts {
  const productRows = search
    .prepare(
      `SELECT p.id, f.slug AS folder, c.slug AS category, b.slug AS brand, p.popularity, p.arrived_on,
         p.is_archival, p.has_image, p.has_price
       FROM product p JOIN category f ON f.id = p.folder_category_id
         LEFT JOIN category c ON c.id = p.category_id LEFT JOIN brand b ON b.id = p.brand_id
       ORDER BY p.id`,
    )
    .iterate();
  const promotions = new Map<number, string>();
  for (const row of search
    .prepare(
      `SELECT pf.product_id, min(v.slug) AS slug FROM topic t
       JOIN product_filter pf ON pf.topic_id = t.id JOIN filter_value v ON v.id = pf.filter_id
       WHERE t.slug = 'promotions' GROUP BY pf.product_id`,
    )
    .iterate())
    promotions.set(num(row, 'product_id'), str(row, 'slug'));
  const articles = new Map<number, { live: string[]; all: string[] }>();
  for (const row of search
    .prepare('SELECT product_id, display_article, is_archival FROM variant ORDER BY product_id, ordering')
    .iterate()) {
    const id = num(row, 'product_id');
    const entry = articles.get(id) ?? { live: [], all: [] };
    const article = str(row, 'display_article');
    entry.all.push(article);
    if (num(row, 'is_archival') === 0) entry.live.push(article);
    articles.set(id, entry);
  }
  const products: CatalogueProduct[] = [];
  for (const row of productRows) {
    const id = num(row, 'id');
    const variantArticles = articles.get(id);
    products.push({
      id,
      folder: str(row, 'folder'),
      category: strOrNull(row, 'category'),
      brand: strOrNull(row, 'brand'),
      promotion: promotions.get(id) ?? null,
      popularity: num(row, 'popularity'),
      arrivedOn: str(row, 'arrived_on'),
      showable: num(row, 'is_archival') === 0 && num(row, 'has_image') === 1 && num(row, 'has_price') === 1,
      articles:
        variantArticles === undefined
          ? []
          : variantArticles.live.length > 0
            ? variantArticles.live
            : variantArticles.all,
    });
  }
  return { products };
}
