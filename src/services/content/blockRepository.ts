import type { DatabaseSync } from 'node:sqlite';
import type { ContentBlock, ContentBlockWrite } from '../../api/schemas/content.ts';
import { str } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { localeOf } from './contentRows.ts';
import type { SlugLocaleStore } from './contentRows.ts';

/** Content blocks (spec §7 `content-block`): one text or JSON value per slug and locale. */
export type BlockRepository = SlugLocaleStore<ContentBlockWrite, ContentBlock>;

function toBlock(row: Row): ContentBlock {
  return {
    code: str(row, 'slug'),
    formatName: str(row, 'format_name') === 'json' ? 'json' : 'text',
    contentFormatted: str(row, 'content'),
    locale: localeOf(str(row, 'locale')),
    updatedAt: str(row, 'updated_at'),
  };
}

export function createBlockRepository(db: DatabaseSync): BlockRepository {
  const select = db.prepare(
    'SELECT slug, locale, format_name, content, updated_at FROM content_block WHERE slug = ? AND locale = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO content_block (slug, locale, format_name, content, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (slug, locale) DO UPDATE SET format_name = excluded.format_name, content = excluded.content,
       updated_at = excluded.updated_at`,
  );
  const remove = db.prepare('DELETE FROM content_block WHERE slug = ? AND locale = ?');

  return {
    find: (slug, locale) => {
      const row = select.get(slug, locale);
      return row === undefined ? null : toBlock(row);
    },
    put: (slug, locale, write, now) => {
      upsert.run(slug, locale, write.formatName, write.contentFormatted, now);
      return {
        code: slug,
        formatName: write.formatName,
        contentFormatted: write.contentFormatted,
        locale,
        updatedAt: now,
      };
    },
    remove: (slug, locale) => Number(remove.run(slug, locale).changes) > 0,
  };
}
