import type { DatabaseSync } from 'node:sqlite';
import type { WireProduct, WireVariant } from '../../api/schemas/product.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { CatalogueLookup, FilterValueInfo } from './catalogueLookup.ts';
import { photoLink } from './productImage.ts';
import { createProductMediaLoader } from './productMedia.ts';

/** Reads whole products (variants, stock, images, filters) for a page of ids, in the ids' order. */
export interface LoadOptions {
  /** Spec §5: only variants with both a recommended and a selling price are shown. */
  withPrice: boolean;
}

function groupBy(rows: Row[], column: string): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const id = num(row, column);
    const list = groups.get(id) ?? [];
    list.push(row);
    groups.set(id, list);
  }
  return groups;
}

/** `title` keeps the legacy service's HTML apostrophe; alt texts are plain text. */
function plain(text: string): string {
  return text.replaceAll('&#039;', "'");
}

function colourPresentation(value: FilterValueInfo | undefined): WireVariant['colorPresentation'] {
  if (!value) return null;
  return {
    slug: value.slug,
    title: value.title,
    titleUkr: value.titleUkr,
    ordering: value.ordering,
    additionalConfig: value.cssBackground === null ? null : { cssBackground: value.cssBackground },
  };
}

export function createProductLoader(
  db: DatabaseSync,
): (lookup: CatalogueLookup, ids: number[], opts: LoadOptions) => WireProduct[] {
  const products = db.prepare(
    `SELECT p.id, p.slug, p.title, p.title_ukr, p.short_description, p.short_description_ukr, p.folder_category_id,
            p.category_id, p.product_group, p.allow_subscription, p.is_archival, b.slug AS brand_slug, b.title AS brand_title
     FROM product p LEFT JOIN brand b ON b.id = p.brand_id
     WHERE p.id IN (SELECT value FROM json_each(?))`,
  );
  const variants = db.prepare(
    `SELECT * FROM variant WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, ordering`,
  );
  const stock = db.prepare(
    `SELECT s.variant_id, s.warehouse_id, s.quantity
     FROM variant v JOIN variant_stock s ON s.variant_id = v.id
     WHERE v.product_id IN (SELECT value FROM json_each(?)) ORDER BY s.variant_id, s.warehouse_id`,
  );
  const filters = db.prepare(
    `SELECT product_id, filter_id FROM product_filter WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, topic_id, filter_id`,
  );
  const images = db.prepare(
    `SELECT name, product_id, ordering, color_id FROM product_image
     WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, ordering`,
  );
  const loadMedia = createProductMediaLoader(db);

  return (lookup, ids, opts) => {
    if (ids.length === 0) return [];
    const idList = JSON.stringify(ids);
    const productRows = new Map(products.all(idList).map((r) => [num(r, 'id'), r]));
    const variantsOf = groupBy(variants.all(idList), 'product_id');
    const stockOf = groupBy(stock.all(idList), 'variant_id');
    const filtersOf = groupBy(filters.all(idList), 'product_id');
    const imagesOf = groupBy(images.all(idList), 'product_id');
    const media = loadMedia(lookup, idList);

    const toVariant = (r: Row): WireVariant => {
      const colour = r.color_id === null ? undefined : lookup.valueById.get(num(r, 'color_id'));
      const extra = r.additional_color_id === null ? undefined : lookup.valueById.get(num(r, 'additional_color_id'));
      const size = r.size_id === null ? undefined : lookup.valueById.get(num(r, 'size_id'));
      const warehouses = (stockOf.get(num(r, 'id')) ?? []).map((s) => ({
        id: num(s, 'warehouse_id'),
        quantity: num(s, 'quantity'),
      }));
      return {
        id: num(r, 'id'),
        displayArticle: str(r, 'display_article'),
        totalAmount: warehouses.reduce((sum, w) => sum + w.quantity, 0),
        isArchival: bool(r, 'is_archival'),
        isNew: bool(r, 'is_new'),
        isPromotional: bool(r, 'is_promotional'),
        isPreOrder: bool(r, 'is_pre_order'),
        expectationDate: strOrNull(r, 'expectation_date'),
        warehouses,
        color: colour?.title ?? null,
        colorCode: colour?.code ?? null,
        colorPresentation: colourPresentation(colour),
        additionalColorPresentation: colourPresentation(extra),
        sizePresentation: size
          ? { slug: size.slug, title: size.title, titleUkr: size.titleUkr, ordering: size.ordering }
          : null,
        weight: num(r, 'weight'),
        capacity: num(r, 'capacity'),
        bonusAccrualRate: numOrNull(r, 'bonus_accrual_rate'),
        bonusMaxPaymentPercent: numOrNull(r, 'bonus_max_payment_percent'),
        orderingWeight: num(r, 'ordering_weight'),
        discountRate: numOrNull(r, 'discount_rate'),
        probablyPriceRecommended: numOrNull(r, 'price_recommended'),
        probablyPriceSelling: numOrNull(r, 'price_selling'),
        probablyPriceSubscriptionDiscount: numOrNull(r, 'price_subscription'),
        firstPriceList: numOrNull(r, 'first_price_list'),
      };
    };

    const result: WireProduct[] = [];
    for (const id of ids) {
      const p = productRows.get(id);
      if (!p) continue;
      const all = (variantsOf.get(id) ?? []).map(toVariant);
      const isArchival = all.length > 0 && all.every((v) => v.isArchival);
      // Spec §5: archival variants are hidden unless the whole product is archival.
      let shown = isArchival ? all : all.filter((v) => !v.isArchival);
      if (opts.withPrice)
        shown = shown.filter((v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null);

      const title = str(p, 'title');
      const folder = lookup.categoryById.get(num(p, 'folder_category_id'));
      const category = p.category_id === null ? undefined : lookup.categoryById.get(num(p, 'category_id'));
      if (!folder) throw new Error(`product ${id} has an unknown folder category`);
      result.push({
        id,
        productId: id,
        title,
        titleUkr: str(p, 'title_ukr'),
        slug: str(p, 'slug'),
        brand: p.brand_slug === null ? null : { slug: str(p, 'brand_slug'), title: str(p, 'brand_title') },
        images: (imagesOf.get(id) ?? []).map((img) => {
          const colour = img.color_id === null ? undefined : lookup.valueById.get(num(img, 'color_id'));
          const label = colour ? `${plain(title)}, ${colour.title.toLowerCase()}` : plain(title);
          return {
            link: photoLink(str(img, 'name')),
            alt: label,
            title: label,
            order: num(img, 'ordering'),
            colorList: colour ? [colour.slug] : [],
          };
        }),
        videos: media.videos(id),
        rotateImages: media.rotateImages(id, plain(title)),
        nomenclature: shown,
        filterList: (filtersOf.get(id) ?? []).flatMap((f) => {
          const value = lookup.valueById.get(num(f, 'filter_id'));
          return value ? [{ topic: value.topic, slug: value.slug }] : [];
        }),
        productGroup: strOrNull(p, 'product_group'),
        shortDescription: strOrNull(p, 'short_description'),
        shortDescriptionUkr: strOrNull(p, 'short_description_ukr'),
        allowSubscription: bool(p, 'allow_subscription'),
        folderCategory: { slug: folder.slug, title: folder.title, titleUkr: folder.titleUkr },
        category: category ? { slug: category.slug, title: category.title, titleUkr: category.titleUkr } : null,
        isArchival,
      });
    }
    return result;
  };
}
