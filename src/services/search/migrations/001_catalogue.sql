-- Search service: the catalogue as the storefront queries it. Rebuildable from the ERP (here: the
-- seed), so listing-time facts are denormalised onto `product` at write time.

CREATE TABLE topic (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  ordering INTEGER NOT NULL
) STRICT;

-- Every filterable value: sizes, colours, ages ... and also brands and categories (topics `brand`,
-- `category`), so one product_filter table answers every facet.
CREATE TABLE filter_value (
  id INTEGER PRIMARY KEY,
  topic_id INTEGER NOT NULL REFERENCES topic (id),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  ordering INTEGER NOT NULL,
  css_background TEXT,
  code TEXT,
  UNIQUE (topic_id, slug)
) STRICT;

CREATE TABLE category (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES category (id),
  filter_id INTEGER NOT NULL UNIQUE REFERENCES filter_value (id),
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  ordering INTEGER NOT NULL,
  top_count INTEGER NOT NULL,
  collapse INTEGER NOT NULL,
  show_count INTEGER NOT NULL,
  base_search_enable INTEGER NOT NULL,
  exclude_from_menu INTEGER NOT NULL,
  is_top INTEGER NOT NULL,
  weight REAL NOT NULL,
  image_kind TEXT NOT NULL
) STRICT;
CREATE INDEX category_by_parent ON category (parent_id, ordering);

-- Topics offered as filters on a category page, in order.
CREATE TABLE category_topic (
  category_id INTEGER NOT NULL REFERENCES category (id),
  topic_id INTEGER NOT NULL REFERENCES topic (id),
  ordering INTEGER NOT NULL,
  PRIMARY KEY (category_id, topic_id)
) STRICT, WITHOUT ROWID;

-- Quick filters shown on a category page (category-config `filterList`).
CREATE TABLE category_quick_filter (
  category_id INTEGER NOT NULL REFERENCES category (id),
  filter_id INTEGER NOT NULL REFERENCES filter_value (id),
  ordering INTEGER NOT NULL,
  PRIMARY KEY (category_id, filter_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE brand (
  id INTEGER PRIMARY KEY,
  filter_id INTEGER NOT NULL UNIQUE REFERENCES filter_value (id),
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  image TEXT
) STRICT;

CREATE TABLE search_group (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  ordering INTEGER NOT NULL
) STRICT;

CREATE TABLE search_group_category (
  group_id INTEGER NOT NULL REFERENCES search_group (id),
  category_id INTEGER NOT NULL REFERENCES category (id),
  ordering INTEGER NOT NULL,
  PRIMARY KEY (group_id, category_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE product (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  short_description TEXT,
  short_description_ukr TEXT,
  brand_id INTEGER REFERENCES brand (id),
  folder_category_id INTEGER NOT NULL REFERENCES category (id),
  category_id INTEGER REFERENCES category (id),
  product_group TEXT,
  allow_subscription INTEGER NOT NULL,
  image_kind TEXT NOT NULL,
  arrived_on TEXT NOT NULL,
  popularity INTEGER NOT NULL,
  -- Derived from the variants at write time (spec §5 display rules):
  -- archival only when every variant is archival;
  is_archival INTEGER NOT NULL,
  has_image INTEGER NOT NULL,
  -- some shown variant has both a recommended and a selling price;
  has_price INTEGER NOT NULL,
  -- lowest selling price among shown, priced variants (NULL when none);
  min_price REAL,
  max_discount INTEGER NOT NULL,
  -- positions in a locale-aware sort of the titles (SQLite's BINARY order misplaces і, ї, є, ґ).
  title_rank INTEGER NOT NULL,
  title_ukr_rank INTEGER NOT NULL
) STRICT;
CREATE INDEX product_by_folder ON product (folder_category_id, popularity);
CREATE INDEX product_by_category ON product (category_id, popularity);
CREATE INDEX product_by_popularity ON product (popularity);
CREATE INDEX product_by_brand ON product (brand_id);

CREATE TABLE variant (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES product (id),
  display_article TEXT NOT NULL UNIQUE,
  ordering INTEGER NOT NULL,
  is_archival INTEGER NOT NULL,
  is_new INTEGER NOT NULL,
  is_promotional INTEGER NOT NULL,
  is_pre_order INTEGER NOT NULL,
  expectation_date TEXT,
  color_id INTEGER REFERENCES filter_value (id),
  additional_color_id INTEGER REFERENCES filter_value (id),
  size_id INTEGER REFERENCES filter_value (id),
  weight REAL NOT NULL,
  capacity REAL NOT NULL,
  bonus_accrual_rate REAL,
  bonus_max_payment_percent REAL,
  ordering_weight INTEGER NOT NULL,
  discount_rate INTEGER,
  price_recommended REAL,
  price_selling REAL,
  price_subscription REAL,
  first_price_list REAL
) STRICT;
CREATE INDEX variant_by_product ON variant (product_id, ordering);

CREATE TABLE variant_stock (
  variant_id INTEGER NOT NULL REFERENCES variant (id),
  warehouse_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (variant_id, warehouse_id)
) STRICT, WITHOUT ROWID;

-- Products with stock of a shown variant in a warehouse: answers `warehouses=` without a join.
CREATE TABLE product_warehouse (
  warehouse_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES product (id),
  PRIMARY KEY (warehouse_id, product_id)
) STRICT, WITHOUT ROWID;

-- One row per (product, filter value). topic_id is repeated here so facet counts and the
-- "which selected topics does a product satisfy" test never touch filter_value.
CREATE TABLE product_filter (
  product_id INTEGER NOT NULL REFERENCES product (id),
  filter_id INTEGER NOT NULL REFERENCES filter_value (id),
  topic_id INTEGER NOT NULL,
  PRIMARY KEY (product_id, filter_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX product_filter_by_value ON product_filter (filter_id, product_id, topic_id);

CREATE TABLE product_image (
  name TEXT PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES product (id),
  ordering INTEGER NOT NULL,
  color_id INTEGER REFERENCES filter_value (id),
  UNIQUE (product_id, ordering)
) STRICT, WITHOUT ROWID;

-- Title search over both languages and the brand. Contentless: the text lives in `product`.
CREATE VIRTUAL TABLE product_fts USING fts5 (
  title, title_ukr, brand,
  content = '',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
