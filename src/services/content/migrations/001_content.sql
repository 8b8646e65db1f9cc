-- Content service: CMS blocks and menu banners. Later issues add blog/news, sliders and reviews.

CREATE TABLE content_block (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  title TEXT NOT NULL,
  format TEXT NOT NULL DEFAULT 'html',
  body TEXT NOT NULL,
  published_at TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (slug, locale)
) STRICT;

-- Menu banners (spec §3 "Catalogue state": slug, link, image, alt; mobile and desktop lists).
CREATE TABLE menu_banner (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  device TEXT NOT NULL CHECK (device IN ('mobile', 'desktop')),
  link TEXT NOT NULL,
  image TEXT NOT NULL,
  alt TEXT NOT NULL,
  ordering INTEGER NOT NULL
) STRICT;
CREATE INDEX menu_banner_by_slug ON menu_banner (slug, device, ordering);
