import type { DatabaseSync } from 'node:sqlite';
import { num, str } from '../db/rows.ts';
import type { BannerSpec } from './bannerImage.ts';
import { isBannerKind } from './bannerImage.ts';

/** What each generated picture of the content service shows (drawn by bannerImage.ts). */
export interface BannerRepository {
  /** Null when there is no such picture, or its stored kind is not one we can draw. */
  find(name: string): BannerSpec | null;
}

export function createBannerRepository(db: DatabaseSync): BannerRepository {
  const select = db.prepare('SELECT name, kind, title, subtitle, palette FROM content_image WHERE name = ?');
  return {
    find: (name) => {
      const row = select.get(name);
      if (row === undefined) return null;
      const kind = str(row, 'kind');
      if (!isBannerKind(kind)) return null;
      return {
        name,
        kind,
        title: str(row, 'title'),
        subtitle: str(row, 'subtitle'),
        palette: num(row, 'palette'),
      };
    },
  };
}
