import type { DatabaseSync } from 'node:sqlite';
import { catalogKindSchema } from '../../api/schemas/searchMeta.ts';
import type { CatalogKind, CatalogMeta } from '../../api/schemas/searchMeta.ts';
import { num, str } from '../db/rows.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { pageSentence, pageSuffix, pick } from './metaText.ts';

/** Catalogue pages by slug (outlet, the baby bundle, custom catalogues) and their meta. */
export interface CatalogPage {
  id: number;
  slug: string;
  kind: CatalogKind;
  title: string;
  titleUkr: string;
  h1: string;
  h1Ukr: string;
  description: string;
  descriptionUkr: string;
}

export function createCatalogPages(db: DatabaseSync): (slug: string) => CatalogPage | undefined {
  const bySlug = db.prepare(
    `SELECT id, slug, kind, title, title_ukr, h1, h1_ukr, description, description_ukr FROM catalog WHERE slug = ?`,
  );
  return (slug) => {
    const row = bySlug.get(slug);
    if (row === undefined) return undefined;
    return {
      id: num(row, 'id'),
      slug: str(row, 'slug'),
      kind: catalogKindSchema.parse(str(row, 'kind')),
      title: str(row, 'title'),
      titleUkr: str(row, 'title_ukr'),
      h1: str(row, 'h1'),
      h1Ukr: str(row, 'h1_ukr'),
      description: str(row, 'description'),
      descriptionUkr: str(row, 'description_ukr'),
    };
  };
}

/** `GET /public/catalog/{slug}/meta`: the catalogue's texts in `locale`; from page 2 the page is named. */
export function catalogMeta(page: CatalogPage, locale: Locale, pageNumber: number): CatalogMeta {
  return {
    locale,
    slug: page.slug,
    kind: page.kind,
    page: pageNumber,
    h1: pick(locale, page.h1, page.h1Ukr),
    title: `${pick(locale, page.title, page.titleUkr)}${pageSuffix(pageNumber, locale)}`,
    description: `${pick(locale, page.description, page.descriptionUkr)}${pageSentence(pageNumber, locale)}`,
  };
}
