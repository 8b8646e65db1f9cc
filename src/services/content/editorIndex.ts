import type { DatabaseSync } from 'node:sqlite';
import type { EditorIndex } from '../../api/schemas/contentEditor.ts';
import { num, str } from '../db/rows.ts';
import { localeOf, postGroupOf } from './contentRows.ts';

/** The editor screen's list of all content (GET /admin/index/{project}); read-only statements. */
export function createEditorIndex(db: DatabaseSync): () => EditorIndex {
  const blocks = db.prepare(
    'SELECT slug, locale, format_name, updated_at FROM content_block ORDER BY updated_at DESC, slug, locale',
  );
  const pages = db.prepare('SELECT slug, locale, title, updated_at FROM page ORDER BY updated_at DESC, slug, locale');
  const sliders = db.prepare(
    `SELECT s.slug, s.locale, s.title, s.updated_at, count(i.id) AS items, coalesce(sum(i.is_active), 0) AS active
     FROM slider s LEFT JOIN slider_item i ON i.slider_id = s.id
     GROUP BY s.id ORDER BY s.updated_at DESC, s.slug, s.locale`,
  );
  // The title in Russian when there is one (the editors' working language), else Ukrainian.
  const posts = db.prepare(
    `SELECT p.slug, p.post_group, p.published_at, p.updated_at,
       (SELECT t.title FROM post_translation t WHERE t.post_id = p.id ORDER BY t.locale = 'ru' DESC LIMIT 1) AS title,
       (SELECT group_concat(t.locale, ',') FROM post_translation t WHERE t.post_id = p.id) AS locales
     FROM post p ORDER BY p.updated_at DESC, p.published_at DESC, p.id DESC`,
  );
  const promotions = db.prepare(
    `SELECT p.slug, p.is_active, p.updated_at,
       (SELECT t.title FROM promotion_translation t WHERE t.promotion_id = p.id ORDER BY t.locale = 'ru' DESC LIMIT 1)
         AS title
     FROM promotion p ORDER BY p.updated_at DESC, p.slug`,
  );

  return () => ({
    blocks: blocks.all().map((row) => ({
      slug: str(row, 'slug'),
      locale: localeOf(str(row, 'locale')),
      formatName: str(row, 'format_name') === 'json' ? 'json' : 'text',
      updatedAt: str(row, 'updated_at'),
    })),
    pages: pages.all().map((row) => ({
      slug: str(row, 'slug'),
      locale: localeOf(str(row, 'locale')),
      title: str(row, 'title'),
      updatedAt: str(row, 'updated_at'),
    })),
    sliders: sliders.all().map((row) => ({
      slug: str(row, 'slug'),
      locale: localeOf(str(row, 'locale')),
      title: str(row, 'title'),
      items: num(row, 'items'),
      activeItems: num(row, 'active'),
      updatedAt: str(row, 'updated_at'),
    })),
    posts: posts.all().map((row) => ({
      slug: str(row, 'slug'),
      group: postGroupOf(num(row, 'post_group')),
      title: row['title'] === null ? str(row, 'slug') : str(row, 'title'),
      locales: (row['locales'] === null ? '' : str(row, 'locales'))
        .split(',')
        .filter((value) => value !== '')
        .map(localeOf)
        .sort(),
      publishedAt: str(row, 'published_at'),
      updatedAt: str(row, 'updated_at'),
    })),
    promotions: promotions.all().map((row) => ({
      slug: str(row, 'slug'),
      title: row['title'] === null ? str(row, 'slug') : str(row, 'title'),
      isActive: num(row, 'is_active') === 1,
      updatedAt: str(row, 'updated_at'),
    })),
  });
}
