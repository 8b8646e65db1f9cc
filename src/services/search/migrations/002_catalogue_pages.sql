-- Search service, second step: what the catalogue pages beyond a plain category listing need.
-- Custom and promotional catalogues with their meta, smart-meta texts written by editors, brand
-- descriptions, accessory links between categories, and category title search.
-- Everything here is filled by the seed (or, in production, by the ERP import); a data directory
-- seeded before this migration keeps these tables empty until it is seeded again.

-- A catalogue page reached by slug: `outlet` (products with a discount, computed), the baby-bundle
-- catalogue `pakunok-malyuka` and custom catalogues (`leto`, `shkola-2026` ...), whose products are
-- listed in catalog_product. Texts in both languages; meta answers pick one by locale.
CREATE TABLE catalog (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('outlet', 'bundle', 'custom')),
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  h1 TEXT NOT NULL,
  h1_ukr TEXT NOT NULL,
  description TEXT NOT NULL,
  description_ukr TEXT NOT NULL,
  ordering INTEGER NOT NULL
) STRICT;

CREATE TABLE catalog_product (
  catalog_id INTEGER NOT NULL REFERENCES catalog (id),
  product_id INTEGER NOT NULL REFERENCES product (id),
  PRIMARY KEY (catalog_id, product_id)
) STRICT, WITHOUT ROWID;

-- Editor-written meta for a category page, optionally for one selected filter value
-- (filter_id 0 = the page without filters). Anything without a row gets generated texts.
CREATE TABLE smart_meta (
  category_id INTEGER NOT NULL REFERENCES category (id),
  filter_id INTEGER NOT NULL,
  h1 TEXT NOT NULL,
  h1_ukr TEXT NOT NULL,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  description TEXT NOT NULL,
  description_ukr TEXT NOT NULL,
  PRIMARY KEY (category_id, filter_id)
) STRICT, WITHOUT ROWID;

-- Categories whose goods complete a product of another category (a stroller → stroller accessories).
CREATE TABLE accessory_category (
  category_id INTEGER NOT NULL REFERENCES category (id),
  accessory_category_id INTEGER NOT NULL REFERENCES category (id),
  ordering INTEGER NOT NULL,
  PRIMARY KEY (category_id, accessory_category_id)
) STRICT, WITHOUT ROWID;

ALTER TABLE brand ADD COLUMN description TEXT;
ALTER TABLE brand ADD COLUMN description_ukr TEXT;

-- Products of one model line (`productGroup`), for the combined product answer.
CREATE INDEX product_by_group ON product (product_group) WHERE product_group IS NOT NULL;

-- Category title search in both languages, kept in step with `category` by triggers.
CREATE VIRTUAL TABLE category_fts USING fts5 (
  title, title_ukr,
  content = 'category',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE TRIGGER category_fts_insert AFTER INSERT ON category BEGIN
  INSERT INTO category_fts (rowid, title, title_ukr) VALUES (new.id, new.title, new.title_ukr);
END;
CREATE TRIGGER category_fts_delete AFTER DELETE ON category BEGIN
  INSERT INTO category_fts (category_fts, rowid, title, title_ukr) VALUES ('delete', old.id, old.title, old.title_ukr);
END;
CREATE TRIGGER category_fts_update AFTER UPDATE OF title, title_ukr ON category BEGIN
  INSERT INTO category_fts (category_fts, rowid, title, title_ukr) VALUES ('delete', old.id, old.title, old.title_ukr);
  INSERT INTO category_fts (rowid, title, title_ukr) VALUES (new.id, new.title, new.title_ukr);
END;
-- Categories already present (a data directory seeded before this migration).
INSERT INTO category_fts (category_fts) VALUES ('rebuild');
