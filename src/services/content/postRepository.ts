import type { DatabaseSync } from 'node:sqlite';
import { LOCALES, type Locale } from '../../api/schemas/common.ts';
import type { Post, PostGroup, PostList, PostSummary, PostWrite } from '../../api/schemas/content.ts';
import { inTransaction } from '../db/database.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { countOf, localesOf, postGroupOf, WriteError } from './contentRows.ts';
import type { PageRequest } from './contentRows.ts';

/**
 * Blog posts and news items (spec §7 `blog`, `blog-news`): one post with a translation per locale.
 * A slug is unique across both groups, and every read names the group, so a news slug is not a blog post.
 */
export interface PostRepository {
  list(group: PostGroup, locale: Locale, query: PageRequest & { slugs?: string[] | undefined }): PostList;
  find(group: PostGroup, slug: string, locale: Locale): Post | null;
  /**
   * Creates or updates; throws WriteError (conflict) when the slug belongs to the other group.
   * `locales`: the translations whose pages show the change.
   */
  put(group: PostGroup, slug: string, write: PostWrite, now: string): { created: boolean; locales: Locale[] };
  /** The locales the deleted post had, or null when there was none. */
  remove(group: PostGroup, slug: string): Locale[] | null;
}

function toPostSummary(row: Row): PostSummary {
  return {
    id: num(row, 'id'),
    slug: str(row, 'slug'),
    group: postGroupOf(num(row, 'post_group')),
    title: str(row, 'title'),
    preview: str(row, 'preview'),
    image: str(row, 'image'),
    imageAlt: str(row, 'image_alt'),
    publishedAt: str(row, 'published_at'),
    updatedAt: str(row, 'updated_at'),
  };
}

export function createPostRepository(db: DatabaseSync): PostRepository {
  const columns = `p.id, p.slug, p.post_group, p.image, p.published_at, p.updated_at, t.title, t.preview, t.image_alt`;
  const selectPosts = db.prepare(
    `SELECT ${columns} FROM post p JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ? ORDER BY p.published_at DESC, p.id DESC LIMIT ? OFFSET ?`,
  );
  const countPosts = db.prepare(
    `SELECT count(*) AS n FROM post p JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ?`,
  );
  // A slug list keeps the caller's order (the main page shows the posts an editor picked, in that order).
  const selectPostsBySlug = db.prepare(
    `SELECT ${columns} FROM json_each(?) j
     JOIN post p ON p.slug = j.value JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ? ORDER BY j.key LIMIT ? OFFSET ?`,
  );
  const countPostsBySlug = db.prepare(
    `SELECT count(*) AS n FROM json_each(?) j
     JOIN post p ON p.slug = j.value JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.post_group = ?`,
  );
  const selectPost = db.prepare(
    `SELECT ${columns}, t.locale, t.content, t.meta_title, t.meta_description
     FROM post p JOIN post_translation t ON t.post_id = p.id AND t.locale = ?
     WHERE p.slug = ? AND p.post_group = ?`,
  );
  const selectHead = db.prepare('SELECT id, post_group FROM post WHERE slug = ?');
  const selectLocales = db.prepare('SELECT locale FROM post_translation WHERE post_id = ? ORDER BY locale');
  const insertPost = db.prepare(
    `INSERT INTO post (slug, post_group, image, published_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  );
  const updatePost = db.prepare('UPDATE post SET image = ?, published_at = ?, updated_at = ? WHERE id = ?');
  const selectPostRow = db.prepare('SELECT image, published_at FROM post WHERE id = ?');
  const selectTranslation = db.prepare('SELECT image_alt FROM post_translation WHERE post_id = ? AND locale = ?');
  const upsertTranslation = db.prepare(
    `INSERT INTO post_translation (post_id, locale, title, preview, content, image_alt, meta_title, meta_description)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (post_id, locale) DO UPDATE SET title = excluded.title, preview = excluded.preview,
       content = excluded.content, image_alt = excluded.image_alt, meta_title = excluded.meta_title,
       meta_description = excluded.meta_description`,
  );
  const removePost = db.prepare('DELETE FROM post WHERE id = ?');

  return {
    list: (group, locale, { page, limit, slugs }) => {
      if (slugs !== undefined) {
        const list = JSON.stringify(slugs);
        return {
          items: selectPostsBySlug.all(list, locale, group, limit, page * limit).map(toPostSummary),
          total: countOf(countPostsBySlug.get(list, locale, group)),
          page,
          limit,
        };
      }
      return {
        items: selectPosts.all(locale, group, limit, page * limit).map(toPostSummary),
        total: countOf(countPosts.get(locale, group)),
        page,
        limit,
      };
    },
    find: (group, slug, locale) => {
      const row = selectPost.get(locale, slug, group);
      if (row === undefined) return null;
      return {
        ...toPostSummary(row),
        locale,
        content: str(row, 'content'),
        metaTitle: strOrNull(row, 'meta_title'),
        metaDescription: strOrNull(row, 'meta_description'),
      };
    },
    put: (group, slug, write, now) =>
      inTransaction(db, () => {
        const head = selectHead.get(slug);
        if (head !== undefined && num(head, 'post_group') !== group) {
          throw new WriteError('conflict', `The slug ${slug} belongs to a ${group === 1 ? 'blog post' : 'news item'}`);
        }
        const given = LOCALES.filter((locale) => write.translations[locale] !== undefined);
        let id: number;
        if (head === undefined) {
          if (given.length === 0) throw new WriteError('invalid', 'A new post needs at least one translation');
          if (write.image === undefined) throw new WriteError('invalid', 'A new post needs an image');
          const row = insertPost.get(slug, group, write.image, write.publishedAt ?? now, now);
          if (row === undefined) throw new Error('post insert returned nothing');
          id = num(row, 'id');
        } else {
          id = num(head, 'id');
          const current = selectPostRow.get(id);
          if (current === undefined) throw new Error('post vanished inside its transaction');
          updatePost.run(
            write.image ?? str(current, 'image'),
            write.publishedAt ?? str(current, 'published_at'),
            now,
            id,
          );
        }
        for (const locale of given) {
          const t = write.translations[locale];
          if (t === undefined) continue;
          // An alt text left out keeps the stored one; a new translation falls back to its title.
          const keptAlt = selectTranslation.get(id, locale);
          const alt = t.imageAlt ?? (keptAlt === undefined ? t.title : str(keptAlt, 'image_alt'));
          upsertTranslation.run(id, locale, t.title, t.preview, t.content, alt, t.metaTitle, t.metaDescription);
        }
        // A change of the image or the date shows in every locale; a text change only in its own.
        const shared = head === undefined || write.image !== undefined || write.publishedAt !== undefined;
        return { created: head === undefined, locales: shared ? localesOf(selectLocales, id) : given };
      }),
    remove: (group, slug) =>
      inTransaction(db, () => {
        const head = selectHead.get(slug);
        if (head === undefined || num(head, 'post_group') !== group) return null;
        const id = num(head, 'id');
        const locales = localesOf(selectLocales, id);
        removePost.run(id);
        return locales;
      }),
  };
}
