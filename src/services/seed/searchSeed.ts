import type { DatabaseSync } from 'node:sqlite';
import { inTransaction, withoutSecondaryIndexes } from '../db/database.ts';
import { BRANDS } from './brands.ts';
import { FOLDERS, SEARCH_GROUPS } from './categories.ts';
import { CATEGORY_TOPIC, TOPICS } from './filterTopics.ts';
import { generateProducts } from './products.ts';
import type { GeneratedProduct, GeneratedVariant } from './products.ts';
import type { Random } from './random.ts';

/** Writes the demo catalogue into an empty, migrated search database in one transaction. */
export function seedSearch(
  db: DatabaseSync,
  random: Random,
  productCount: number,
): { products: number; variants: number } {
  return inTransaction(db, () => {
    const ids = writeReferenceData(db);
    const products = generateProducts(random.fork('products'), productCount);
    const bulkTables = ['product', 'variant', 'variant_stock', 'product_warehouse', 'product_filter', 'product_image'];
    const variants = withoutSecondaryIndexes(db, bulkTables, () => writeProducts(db, products, ids));
    return { products: products.length, variants };
  });
}

interface ReferenceIds {
  topic: Map<string, number>;
  /** `${topic}/${slug}` → filter_value id. */
  filter: Map<string, number>;
  category: Map<string, number>;
  brand: Map<string, number>;
}

const key = (topic: string, slug: string): string => `${topic}/${slug}`;

function writeReferenceData(db: DatabaseSync): ReferenceIds {
  const ids: ReferenceIds = { topic: new Map(), filter: new Map(), category: new Map(), brand: new Map() };
  const insertTopic = db.prepare('INSERT INTO topic (id, slug, title, title_ukr, ordering) VALUES (?, ?, ?, ?, ?)');
  const insertValue = db.prepare(
    `INSERT INTO filter_value (id, topic_id, slug, title, title_ukr, ordering, css_background, code)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let filterId = 1;
  const addValue = (
    topic: string,
    slug: string,
    title: string,
    titleUkr: string,
    ordering: number,
    css: string | null = null,
    code: string | null = null,
  ): number => {
    const topicId = ids.topic.get(topic);
    if (topicId === undefined) throw new Error(`unknown topic ${topic}`);
    const id = filterId++;
    insertValue.run(id, topicId, slug, title, titleUkr, ordering, css, code);
    ids.filter.set(key(topic, slug), id);
    return id;
  };

  // `category` comes first in aggregations: it is the facet shoppers use most.
  insertTopic.run(1, CATEGORY_TOPIC, 'Категория', 'Категорія', 0);
  ids.topic.set(CATEGORY_TOPIC, 1);
  TOPICS.forEach((topic, index) => {
    const id = index + 2;
    insertTopic.run(id, topic.slug, topic.title, topic.titleUkr, (index + 1) * 10);
    ids.topic.set(topic.slug, id);
    topic.values.forEach((value, ordering) =>
      addValue(
        topic.slug,
        value.slug,
        value.title,
        value.titleUkr,
        ordering,
        value.cssBackground ?? null,
        value.code ?? null,
      ),
    );
  });

  const insertBrand = db.prepare('INSERT INTO brand (id, filter_id, slug, title, image) VALUES (?, ?, ?, ?, ?)');
  [...BRANDS]
    .sort((a, b) => a.title.localeCompare(b.title, 'en'))
    .forEach((brand, index) => {
      const fid = addValue('brand', brand.slug, brand.title, brand.title, index);
      insertBrand.run(index + 1, fid, brand.slug, brand.title, null);
      ids.brand.set(brand.slug, index + 1);
    });

  const insertCategory = db.prepare(
    `INSERT INTO category (id, parent_id, filter_id, slug, title, title_ukr, ordering, top_count, collapse, show_count,
       base_search_enable, exclude_from_menu, is_top, weight, image_kind)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertCategoryTopic = db.prepare(
    'INSERT INTO category_topic (category_id, topic_id, ordering) VALUES (?, ?, ?)',
  );
  const insertQuickFilter = db.prepare(
    'INSERT INTO category_quick_filter (category_id, filter_id, ordering) VALUES (?, ?, ?)',
  );
  const topicOf = new Map<string, string>();
  for (const topic of TOPICS)
    for (const value of topic.values) if (!topicOf.has(value.slug)) topicOf.set(value.slug, topic.slug);

  let categoryId = 1;
  let categoryOrdering = 0;
  FOLDERS.forEach((folder, folderIndex) => {
    const folderId = categoryId++;
    const fid = addValue(CATEGORY_TOPIC, folder.slug, folder.title, folder.titleUkr, categoryOrdering++);
    insertCategory.run(
      folderId,
      null,
      fid,
      folder.slug,
      folder.title,
      folder.titleUkr,
      (folderIndex + 1) * 10,
      folder.topCount,
      flag(folder.collapse),
      flag(folder.showCount),
      flag(folder.baseSearchEnable),
      flag(folder.excludeFromMenu),
      flag(folder.isTop),
      folder.weight,
      folder.kind,
    );
    ids.category.set(folder.slug, folderId);
    const folderTopics = folder.topics.map((slug) => ids.topic.get(slug));
    folderTopics.forEach((topicId, ordering) => {
      if (topicId !== undefined) insertCategoryTopic.run(folderId, topicId, ordering);
    });
    folder.quickFilters.forEach((slug, ordering) => {
      const topic = topicOf.get(slug);
      const filter = topic === undefined ? undefined : ids.filter.get(key(topic, slug));
      if (filter !== undefined) insertQuickFilter.run(folderId, filter, ordering);
    });
    folder.subs.forEach((sub, subIndex) => {
      const subId = categoryId++;
      const subFilter = addValue(CATEGORY_TOPIC, sub.slug, sub.title, sub.titleUkr, categoryOrdering++);
      // Varied weights so the menu's ordering/weight tie-break is exercised.
      const weight = sub.isTop === true ? 50 : (subIndex * 7) % 20;
      insertCategory.run(
        subId,
        folderId,
        subFilter,
        sub.slug,
        sub.title,
        sub.titleUkr,
        subIndex < 3 ? 10 : (subIndex + 1) * 10,
        0,
        0,
        flag(folder.showCount),
        flag(folder.baseSearchEnable),
        flag(sub.excludeFromMenu ?? folder.excludeFromMenu),
        flag(sub.isTop),
        weight,
        sub.kind,
      );
      ids.category.set(sub.slug, subId);
      folderTopics.forEach((topicId, ordering) => {
        if (topicId !== undefined) insertCategoryTopic.run(subId, topicId, ordering);
      });
    });
  });

  const insertGroup = db.prepare(
    'INSERT INTO search_group (id, slug, title, title_ukr, ordering) VALUES (?, ?, ?, ?, ?)',
  );
  const insertGroupCategory = db.prepare(
    'INSERT INTO search_group_category (group_id, category_id, ordering) VALUES (?, ?, ?)',
  );
  SEARCH_GROUPS.forEach((group, index) => {
    insertGroup.run(index + 1, group.slug, group.title, group.titleUkr, index);
    group.categoryRefs.forEach((slug, ordering) => {
      const category = ids.category.get(slug);
      if (category === undefined) throw new Error(`search group ${group.slug} refers to unknown category ${slug}`);
      insertGroupCategory.run(index + 1, category, ordering);
    });
  });
  return ids;
}

function flag(value: boolean | undefined): number {
  return value === true ? 1 : 0;
}

/** Variants a listing shows (spec §5): the non-archival ones, or all when the product is wholly archival. */
function shownVariants(variants: GeneratedVariant[]): GeneratedVariant[] {
  const live = variants.filter((v) => !v.isArchival);
  return live.length > 0 ? live : variants;
}

function ranks(
  products: GeneratedProduct[],
  title: (p: GeneratedProduct) => string,
  locale: string,
): Map<number, number> {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sorted = [...products].sort((a, b) => collator.compare(title(a), title(b)) || a.id - b.id);
  return new Map(sorted.map((p, index) => [p.id, index]));
}

function writeProducts(db: DatabaseSync, products: GeneratedProduct[], ids: ReferenceIds): number {
  const insertProduct = db.prepare(
    `INSERT INTO product (id, slug, title, title_ukr, short_description, short_description_ukr, brand_id,
       folder_category_id, category_id, product_group, allow_subscription, image_kind, arrived_on, popularity,
       is_archival, has_image, has_price, min_price, max_discount, title_rank, title_ukr_rank)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVariant = db.prepare(
    `INSERT INTO variant (id, product_id, display_article, ordering, is_archival, is_new, is_promotional, is_pre_order,
       expectation_date, color_id, additional_color_id, size_id, weight, capacity, bonus_accrual_rate,
       bonus_max_payment_percent, ordering_weight, discount_rate, price_recommended, price_selling,
       price_subscription, first_price_list)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertStock = db.prepare('INSERT INTO variant_stock (variant_id, warehouse_id, quantity) VALUES (?, ?, ?)');
  const insertWarehouse = db.prepare('INSERT INTO product_warehouse (warehouse_id, product_id) VALUES (?, ?)');
  const insertFilter = db.prepare('INSERT INTO product_filter (product_id, filter_id, topic_id) VALUES (?, ?, ?)');
  const insertImage = db.prepare(
    'INSERT INTO product_image (name, product_id, ordering, color_id) VALUES (?, ?, ?, ?)',
  );
  const insertFts = db.prepare('INSERT INTO product_fts (rowid, title, title_ukr, brand) VALUES (?, ?, ?, ?)');

  const filterId = (topic: string, slug: string | null): number | null => {
    if (slug === null) return null;
    const id = ids.filter.get(key(topic, slug));
    if (id === undefined) throw new Error(`unknown filter value ${topic}/${slug}`);
    return id;
  };
  const topicId = (topic: string): number => {
    const id = ids.topic.get(topic);
    if (id === undefined) throw new Error(`unknown topic ${topic}`);
    return id;
  };
  const ruRank = ranks(products, (p) => p.plainTitle, 'ru');
  const ukRank = ranks(products, (p) => p.titleUkr, 'uk');

  let variantCount = 0;
  for (const p of products) {
    const shown = shownVariants(p.variants);
    const priced = shown.filter((v) => v.priceRecommended !== null && v.priceSelling !== null);
    const sellingPrices = priced.map((v) => v.priceSelling ?? 0);
    const folderId = ids.category.get(p.folder.slug);
    const categoryId = p.sub === null ? null : (ids.category.get(p.sub.slug) ?? null);
    if (folderId === undefined) throw new Error(`unknown folder ${p.folder.slug}`);
    insertProduct.run(
      p.id,
      p.slug,
      p.title,
      p.titleUkr,
      p.shortDescription,
      p.shortDescriptionUkr,
      ids.brand.get(p.brand.slug) ?? null,
      folderId,
      categoryId,
      p.productGroup,
      flag(p.allowSubscription),
      p.imageKind,
      p.arrivedOn,
      p.popularity,
      flag(p.variants.every((v) => v.isArchival)),
      flag(p.images.length > 0),
      flag(priced.length > 0),
      sellingPrices.length > 0 ? Math.min(...sellingPrices) : null,
      Math.max(0, ...priced.map((v) => v.discountRate ?? 0)),
      ruRank.get(p.id) ?? 0,
      ukRank.get(p.id) ?? 0,
    );
    for (const v of p.variants) {
      insertVariant.run(
        v.id,
        p.id,
        v.displayArticle,
        v.ordering,
        flag(v.isArchival),
        flag(v.isNew),
        flag(v.isPromotional),
        flag(v.isPreOrder),
        v.expectationDate,
        filterId('color', v.color),
        filterId('color', v.additionalColor),
        filterId('size', v.size),
        v.weight,
        v.capacity,
        v.bonusAccrualRate,
        v.bonusMaxPaymentPercent,
        v.orderingWeight,
        v.discountRate,
        v.priceRecommended,
        v.priceSelling,
        v.priceSubscription,
        v.firstPriceList,
      );
      for (const [warehouse, quantity] of v.stock) insertStock.run(v.id, warehouse, quantity);
    }
    variantCount += p.variants.length;

    const warehouses = new Set(shown.flatMap((v) => v.stock.map(([w]) => w)));
    for (const warehouse of [...warehouses].sort((a, b) => a - b)) insertWarehouse.run(warehouse, p.id);

    const filters = new Map<number, number>();
    const add = (topic: string, slug: string | null): void => {
      const fid = filterId(topic, slug);
      if (fid !== null) filters.set(fid, topicId(topic));
    };
    add(CATEGORY_TOPIC, p.sub?.slug ?? p.folder.slug);
    add('brand', p.brand.slug);
    if (p.folder.topics.includes('color')) for (const v of shown) add('color', v.color);
    if (p.folder.topics.includes('size')) for (const v of shown) add('size', v.size);
    for (const [topic, slug] of p.filters) add(topic, slug);
    for (const [fid, tid] of [...filters].sort((a, b) => a[0] - b[0])) insertFilter.run(p.id, fid, tid);

    p.images.forEach((image, ordering) => insertImage.run(image.name, p.id, ordering, filterId('color', image.color)));
    insertFts.run(p.id, p.plainTitle, p.titleUkr, p.brand.title);
  }
  return variantCount;
}
