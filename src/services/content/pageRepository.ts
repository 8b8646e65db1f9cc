import type { DatabaseSync } from 'node:sqlite';
import type { ContentPage, PageWrite } from '../../api/schemas/content.ts';
import { str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { localeOf } from './contentRows.ts';
import type { SlugLocaleStore } from './contentRows.ts';

/** Info pages (spec §7 `page`): a title, HTML content and meta tags per slug and locale. */
export type PageRepository = SlugLocaleStore<PageWrite, ContentPage>;

function toPage(row: Row): ContentPage {
  return {
    slug: str(row, 'slug'),
    locale: localeOf(str(row, 'locale')),
    title: str(row, 'title'),
    content: str(row, 'content'),
    metaTitle: strOrNull(row, 'meta_title'),
    metaDescription: strOrNull(row, 'meta_description'),
    updatedAt: str(row, 'updated_at'),
  };
}

export function createPageRepository(db: DatabaseSync): PageRepository {
  const select = db.prepare(
    `SELECT slug, locale, title, content, meta_title, meta_description, updated_at FROM page
     WHERE slug = ? AND locale = ?`,
  );
  const upsert = db.prepare(
    `INSERT INTO page (slug, locale, title, content, meta_title, meta_description, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (slug, locale) DO UPDATE SET title = excluded.title, content = excluded.content,
       meta_title = excluded.meta_title, meta_description = excluded.meta_description, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare('DELETE FROM page WHERE slug = ? AND locale = ?');

  return {
    find: (slug, locale) => {
      const row = select.get(slug, locale);
      return row === undefined ? null : toPage(row);
    },
    put: (slug, locale, write, now) => {
      upsert.run(slug, locale, write.title, write.content, write.metaTitle, write.metaDescription, now);
      return { slug, locale, ...write, updatedAt: now };
    },
    remove: (slug, locale) => Number(remove.run(slug, locale).changes) > 0,
  };
}
