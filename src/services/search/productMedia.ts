import type { DatabaseSync } from 'node:sqlite';
import type { WireProduct } from '../../api/schemas/product.ts';
import { num, str } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import { imageLink, ROTATE_FRAMES } from './productImage.ts';

/** A page of products' videos and rotating (360°) frames, as the product answers carry them. */
export interface ProductMedia {
  videos(productId: number): WireProduct['videos'];
  /** Frames of every colour, by colour then frame; `title` (plain text) names them. */
  rotateImages(productId: number, title: string): WireProduct['rotateImages'];
}

function groupByProduct(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const id = num(row, 'product_id');
    const list = groups.get(id);
    if (list) list.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Reads the videos and frames of a list of product ids (a JSON array) with two indexed queries. */
export function createProductMediaLoader(db: DatabaseSync): (lookup: CatalogueLookup, idList: string) => ProductMedia {
  const videos = db.prepare(
    `SELECT product_id, link, title FROM product_video
     WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, ordering`,
  );
  const frames = db.prepare(
    `SELECT product_id, name, color_id, ordering, hash FROM product_rotate_image
     WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, color_id, ordering`,
  );
  return (lookup, idList) => {
    const videosOf = groupByProduct(videos.all(idList));
    const framesOf = groupByProduct(frames.all(idList));
    return {
      videos: (productId) =>
        (videosOf.get(productId) ?? []).map((row) => ({ link: str(row, 'link'), title: str(row, 'title') })),
      rotateImages: (productId, title) =>
        (framesOf.get(productId) ?? []).map((row) => {
          const colour = row.color_id === null ? undefined : lookup.valueById.get(num(row, 'color_id'));
          const frame = num(row, 'ordering');
          const label = `${colour ? `${title}, ${colour.title.toLowerCase()}` : title}, 360°, кадр ${frame + 1} из ${ROTATE_FRAMES}`;
          return {
            link: imageLink(str(row, 'name')),
            alt: label,
            title: label,
            order: frame,
            colorList: colour ? [colour.slug] : [],
            hash: str(row, 'hash'),
          };
        }),
    };
  };
}
