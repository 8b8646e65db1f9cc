-- Content service, CMS: content blocks, info pages, sliders, blog and news, promotions, reviews and
-- generated banner pictures. Replaces the placeholder tables of 001 (never read nor written).

DROP TABLE menu_banner;
DROP TABLE content_block;

-- Spec §3 "Content block": contentFormatted, formatName ('text' or 'json'), code (= slug).
CREATE TABLE content_block (
  slug TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  format_name TEXT NOT NULL CHECK (format_name IN ('text', 'json')),
  content TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (slug, locale)
) STRICT, WITHOUT ROWID;

-- Info pages (route info-page, e.g. bonus-rules, delivery); content is HTML.
CREATE TABLE page (
  slug TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  meta_title TEXT,
  meta_description TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (slug, locale)
) STRICT, WITHOUT ROWID;

CREATE TABLE slider (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  title TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (slug, locale)
) STRICT;

-- props: JSON array of {key, value} string pairs, in the editor's order.
CREATE TABLE slider_item (
  id INTEGER PRIMARY KEY,
  slider_id INTEGER NOT NULL REFERENCES slider (id) ON DELETE CASCADE,
  ordering INTEGER NOT NULL,
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  title TEXT,
  value TEXT,
  description TEXT,
  props TEXT NOT NULL CHECK (json_valid(props) AND json_type(props) = 'array')
) STRICT;
CREATE INDEX slider_item_by_slider ON slider_item (slider_id, is_active, ordering, id);

-- Blog (group 0) and news (group 1); one slug for both languages.
CREATE TABLE post (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  post_group INTEGER NOT NULL CHECK (post_group IN (0, 1)),
  image TEXT NOT NULL,
  published_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX post_by_group_date ON post (post_group, published_at DESC, id DESC);

CREATE TABLE post_translation (
  post_id INTEGER NOT NULL REFERENCES post (id) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  title TEXT NOT NULL,
  preview TEXT NOT NULL,
  content TEXT NOT NULL,
  image_alt TEXT NOT NULL,
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (post_id, locale)
) STRICT, WITHOUT ROWID;

CREATE TABLE promotion (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  image TEXT NOT NULL,
  starts_at TEXT,
  ends_at TEXT,
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  ordering INTEGER NOT NULL,
  filter_slug TEXT,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE promotion_translation (
  promotion_id INTEGER NOT NULL REFERENCES promotion (id) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (promotion_id, locale)
) STRICT, WITHOUT ROWID;

-- Goods a promotion applies to (product ids of the search service).
CREATE TABLE promotion_product (
  promotion_id INTEGER NOT NULL REFERENCES promotion (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  PRIMARY KEY (promotion_id, product_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX promotion_product_by_product ON promotion_product (product_id, promotion_id);

-- Reviews of products. folder_category and category are the product's category slugs at the time
-- of writing, so category top lists need no call to the search service.
CREATE TABLE review (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  article TEXT,
  product_article TEXT,
  folder_category TEXT NOT NULL,
  category TEXT,
  display_name TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  pros TEXT,
  cons TEXT,
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL,
  answer_name TEXT,
  answer_comment TEXT,
  answer_created_at TEXT
) STRICT;
CREATE INDEX review_by_product ON review (product_id, created_at DESC, id DESC);
CREATE INDEX review_by_article ON review (article);
CREATE INDEX review_by_product_article ON review (product_article);
CREATE INDEX review_by_folder ON review (folder_category, rating DESC, created_at DESC, id DESC);
CREATE INDEX review_by_category ON review (category, rating DESC, created_at DESC, id DESC);
CREATE INDEX review_by_rating ON review (rating DESC, created_at DESC, id DESC);

-- Generated SVG pictures served at /public/images/{name}.svg (kind decides the size and layout).
CREATE TABLE content_image (
  name TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  palette INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
