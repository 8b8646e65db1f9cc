import type { DatabaseSync } from 'node:sqlite';
import { inTransaction, withoutSecondaryIndexes } from '../db/database.ts';
import { BRANDS } from './brands.ts';
import type { BrandDef, BrandGroup } from './brands.ts';
import { ACCESSORY_CATEGORIES, CATALOGUES, FOLDERS, SEARCH_GROUPS, SMART_META } from './categories.ts';
import type { CatalogueDef } from './categories.ts';
import { CATEGORY_TOPIC, COLOURS, TOPICS } from './filterTopics.ts';
import { productStream } from './products.ts';
import type { GeneratedProduct, GeneratedVariant } from './products.ts';
import type { Random } from './random.ts';
import { svgHash } from '../http/svgImage.ts';
import { listingFacts, shownVariants } from '../search/listingFacts.ts';
import type { ListingVariant } from '../search/listingFacts.ts';
import { frameTurn, renderProductSvg, ROTATE_FRAMES, rotateFrameName } from '../search/productImage.ts';

/**
 * Writes the demo catalogue into an empty, migrated search database in one transaction. Products
 * are generated and written one at a time (issue 30): only their titles are kept, for the title
 * ranks, which need all of them and are written at the end.
 */
export function seedSearch(
  db: DatabaseSync,
  random: Random,
  productCount: number,
): { products: number; variants: number } {
  return inTransaction(db, () => {
    const ids = writeReferenceData(db);
    const products = productStream(random.fork('products'), productCount);
    const bulkTables = [
      'product',
      'variant',
      'variant_stock',
      'product_warehouse',
      'product_filter',
      'product_image',
      'product_video',
      'product_rotate_image',
    ];
    const addToCatalogues = writeCataloguePages(db, ids);
    const media = productMediaWriter(db, ids);
    const written = withoutSecondaryIndexes(db, bulkTables, () =>
      writeProducts(db, products, ids, (p) => {
        media(p);
        addToCatalogues(p);
      }),
    );
    return written;
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

  const insertBrand = db.prepare(
    'INSERT INTO brand (id, filter_id, slug, title, image, description, description_ukr) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  [...BRANDS]
    .sort((a, b) => a.title.localeCompare(b.title, 'en'))
    .forEach((brand, index) => {
      const fid = addValue('brand', brand.slug, brand.title, brand.title, index);
      const [description, descriptionUkr] = brandDescription(brand);
      insertBrand.run(index + 1, fid, brand.slug, brand.title, null, description, descriptionUkr);
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

/** What a brand's goods are, by brand group, in Russian and Ukrainian. */
const GROUP_WORDS: Record<BrandGroup, readonly [string, string]> = {
  clothes: ['детская одежда', 'дитячий одяг'],
  shoes: ['детская обувь', 'дитяче взуття'],
  toys: ['игрушки', 'іграшки'],
  feeding: ['товары для кормления', 'товари для годування'],
  hygiene: ['гигиена и уход за малышом', 'гігієна та догляд за малюком'],
  transport: ['коляски и автокресла', 'візочки та автокрісла'],
  school: ['товары для школы', 'товари для школи'],
  mom: ['товары для мам', 'товари для мам'],
  shop: ['подарочные сертификаты и упаковка', 'подарункові сертифікати та пакування'],
};

/** A short generated brand description (spec §7 brand call) in Russian and Ukrainian. */
function brandDescription(brand: BrandDef): [string, string] {
  const ru = brand.groups.map((g) => GROUP_WORDS[g][0]).join(', ');
  const uk = brand.groups.map((g) => GROUP_WORDS[g][1]).join(', ');
  const own = brand.ownImport === true;
  return [
    `${brand.title}: ${ru}.${own ? ' Собственный импорт магазина.' : ' Официальная продукция бренда с гарантией.'}`,
    `${brand.title}: ${uk}.${own ? ' Власний імпорт магазину.' : ' Офіційна продукція бренду з гарантією.'}`,
  ];
}

function flag(value: boolean | undefined): number {
  return value === true ? 1 : 0;
}

/** A generated variant as the listing rules read it (the admin API's writes use the same rules). */
function asListed(v: GeneratedVariant): ListingVariant {
  return {
    isArchival: v.isArchival,
    isPromotional: v.isPromotional,
    recommended: v.priceRecommended,
    selling: v.priceSelling,
    warehouses: v.stock.map(([warehouse]) => warehouse),
  };
}

interface Titles {
  id: number;
  ru: string;
  uk: string;
}

/** Id → place in title order in `locale`. */
function ranks(titles: Titles[], title: (t: Titles) => string, locale: string): Int32Array {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const order = titles.map((_, i) => i);
  order.sort((a, b) => {
    const x = titles[a];
    const y = titles[b];
    return x && y ? collator.compare(title(x), title(y)) || x.id - y.id : 0;
  });
  const rank = new Int32Array(titles.length);
  order.forEach((i, place) => {
    rank[i] = place;
  });
  return rank;
}

/** Writes the products as `products` yields them (`also` writes what else a product brings), then their title ranks. */
function writeProducts(
  db: DatabaseSync,
  products: Iterable<GeneratedProduct>,
  ids: ReferenceIds,
  also: (p: GeneratedProduct) => void,
): { products: number; variants: number } {
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
  const titles: Titles[] = [];

  let variantCount = 0;
  for (const p of products) {
    const shown = shownVariants(p.variants);
    const facts = listingFacts(p.id, p.variants.map(asListed));
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
      flag(facts.hasPrice),
      facts.minPrice,
      facts.maxDiscount,
      0,
      0,
    );
    titles.push({ id: p.id, ru: p.plainTitle, uk: p.titleUkr });
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

    for (const warehouse of facts.warehouses) insertWarehouse.run(warehouse, p.id);

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
    also(p);
  }
  const ruRank = ranks(titles, (t) => t.ru, 'ru');
  const ukRank = ranks(titles, (t) => t.uk, 'uk');
  const setRanks = db.prepare('UPDATE product SET title_rank = ?, title_ukr_rank = ? WHERE id = ?');
  titles.forEach((t, i) => setRanks.run(ruRank[i] ?? 0, ukRank[i] ?? 0, t.id));
  return { products: titles.length, variants: variantCount };
}

/**
 * Videos and rotating (360°) frames. Each frame's hash is the hash of the picture the image route
 * draws for it (same inputs: the product's kind, the colour's swatch, the frame's turn).
 */
function productMediaWriter(db: DatabaseSync, ids: ReferenceIds): (p: GeneratedProduct) => void {
  const insertVideo = db.prepare('INSERT INTO product_video (product_id, ordering, link, title) VALUES (?, ?, ?, ?)');
  const insertFrame = db.prepare(
    'INSERT INTO product_rotate_image (name, product_id, color_id, ordering, hash) VALUES (?, ?, ?, ?, ?)',
  );
  const colours = new Map(COLOURS.map((c) => [c.slug, c]));
  return (p) => {
    p.videos.forEach((video, ordering) => insertVideo.run(p.id, ordering, video.link, video.title));
    for (const color of p.rotateColors) {
      const colour = color === null ? undefined : colours.get(color);
      const colorId = color === null ? null : ids.filter.get(key('color', color));
      if (colorId === undefined || (color !== null && !colour)) throw new Error(`unknown colour ${String(color)}`);
      for (let frame = 0; frame < ROTATE_FRAMES; frame++) {
        const svg = renderProductSvg({
          kind: p.imageKind,
          css: colour?.cssBackground ?? null,
          code: colour?.code ?? null,
          article: String(p.id),
          index: 1,
          productId: p.id,
          turn: frameTurn(frame),
        });
        insertFrame.run(rotateFrameName(p.id, color, frame), p.id, colorId, frame, svgHash(svg));
      }
    }
  };
}

function matchesCatalogue(def: CatalogueDef, p: GeneratedProduct): boolean {
  return def.rules.some(
    (rule) =>
      (rule.categories === undefined ||
        rule.categories.includes(p.folder.slug) ||
        (p.sub !== null && rule.categories.includes(p.sub.slug))) &&
      (rule.filters === undefined ||
        rule.filters.some(([topic, slug]) => p.filters.some(([t, s]) => t === topic && s === slug))),
  );
}

/**
 * Catalogue pages (custom catalogues, the baby bundle, outlet meta), editor smart-meta and
 * accessory links; answers what adds a product to the catalogue lists it belongs in. Wholly
 * archival products are left out of catalogue lists.
 */
function writeCataloguePages(db: DatabaseSync, ids: ReferenceIds): (p: GeneratedProduct) => void {
  const insertCatalog = db.prepare(
    `INSERT INTO catalog (id, slug, kind, title, title_ukr, h1, h1_ukr, description, description_ukr, ordering)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMember = db.prepare('INSERT INTO catalog_product (catalog_id, product_id) VALUES (?, ?)');
  CATALOGUES.forEach((def, index) => {
    const id = index + 1;
    insertCatalog.run(
      id,
      def.slug,
      def.kind,
      def.title,
      def.titleUkr,
      def.h1,
      def.h1Ukr,
      def.description,
      def.descriptionUkr,
      index,
    );
  });
  const listed = CATALOGUES.flatMap((def, index) => (def.kind === 'outlet' ? [] : [{ def, id: index + 1 }]));

  const categoryId = (slug: string): number => {
    const id = ids.category.get(slug);
    if (id === undefined) throw new Error(`unknown category ${slug}`);
    return id;
  };
  const insertAccessory = db.prepare(
    'INSERT INTO accessory_category (category_id, accessory_category_id, ordering) VALUES (?, ?, ?)',
  );
  for (const [slug, accessories] of Object.entries(ACCESSORY_CATEGORIES))
    accessories.forEach((accessory, ordering) =>
      insertAccessory.run(categoryId(slug), categoryId(accessory), ordering),
    );

  const insertMeta = db.prepare(
    `INSERT INTO smart_meta (category_id, filter_id, h1, h1_ukr, title, title_ukr, description, description_ukr)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const meta of SMART_META) {
    const filter = meta.filter === null ? 0 : ids.filter.get(key(meta.filter[0], meta.filter[1]));
    if (filter === undefined) throw new Error(`smart meta refers to unknown filter ${String(meta.filter)}`);
    insertMeta.run(
      categoryId(meta.category),
      filter,
      meta.h1,
      meta.h1Ukr,
      meta.title,
      meta.titleUkr,
      meta.description,
      meta.descriptionUkr,
    );
  }
  return (p) => {
    if (p.variants.every((v) => v.isArchival)) return;
    for (const { def, id } of listed) if (matchesCatalogue(def, p)) insertMember.run(id, p.id);
  };
}
