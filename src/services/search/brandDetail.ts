import type { DatabaseSync } from 'node:sqlite';
import type { BrandDetail } from '../../api/schemas/brandDetail.ts';
import type { Brand } from '../../api/schemas/categoryConfig.ts';
import type { IdOrSlug } from '../../api/schemas/searchParams.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';

/** `/public/brand/{id}` (spec §7): the brand with its description and where its goods are. */
export interface BrandRecord extends Brand {
  description: string | null;
  descriptionUkr: string | null;
}

export interface BrandDetails {
  find(key: IdOrSlug): BrandRecord | undefined;
  detail(lookup: CatalogueLookup, brand: BrandRecord): BrandDetail;
}

export function createBrandDetails(db: DatabaseSync): BrandDetails {
  const columns = 'id, slug, title, image, description, description_ukr';
  const byId = db.prepare(`SELECT ${columns} FROM brand WHERE id = ?`);
  const bySlug = db.prepare(`SELECT ${columns} FROM brand WHERE slug = ?`);
  const folders = db.prepare(
    `SELECT folder_category_id AS id, count(*) AS n FROM product
     WHERE brand_id = ? AND is_archival = 0 GROUP BY folder_category_id`,
  );
  return {
    find: (key) => {
      const row = 'id' in key ? byId.get(key.id) : bySlug.get(key.slug);
      if (row === undefined) return undefined;
      return {
        id: num(row, 'id'),
        slug: str(row, 'slug'),
        title: str(row, 'title'),
        image: strOrNull(row, 'image'),
        description: strOrNull(row, 'description'),
        descriptionUkr: strOrNull(row, 'description_ukr'),
      };
    },
    detail: (lookup, brand) => {
      const folderCategoryList = folders.all(brand.id).flatMap((row) => {
        const folder = lookup.categoryById.get(num(row, 'id'));
        return folder
          ? [
              {
                slug: folder.slug,
                title: folder.title,
                titleUkr: folder.titleUkr,
                count: num(row, 'n'),
                ordering: folder.ordering,
              },
            ]
          : [];
      });
      folderCategoryList.sort((a, b) => b.count - a.count || a.ordering - b.ordering);
      return {
        ...brand,
        productCount: folderCategoryList.reduce((sum, f) => sum + f.count, 0),
        folderCategoryList: folderCategoryList.map(({ slug, title, titleUkr, count }) => ({
          slug,
          title,
          titleUkr,
          count,
        })),
      };
    },
  };
}
