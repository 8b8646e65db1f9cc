-- Delivery service: settlements, carriers' branches, the shop's own pickup points.

CREATE TABLE settlement (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_ukr TEXT NOT NULL,
  type TEXT NOT NULL,
  type_ukr TEXT NOT NULL,
  region_name TEXT NOT NULL,
  region_name_ukr TEXT NOT NULL,
  district_name TEXT,
  district_name_ukr TEXT,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  -- Higher first in "often used" lists and on ties in name search.
  popularity INTEGER NOT NULL,
  -- Search keys: lower-cased names, for prefix search with an index.
  search_name TEXT NOT NULL,
  search_name_ukr TEXT NOT NULL
) STRICT;
CREATE INDEX settlement_by_name ON settlement (search_name);
CREATE INDEX settlement_by_name_ukr ON settlement (search_name_ukr);
CREATE INDEX settlement_by_popularity ON settlement (popularity DESC);

CREATE TABLE street (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  settlement_id INTEGER NOT NULL REFERENCES settlement (id),
  name TEXT NOT NULL,
  name_ukr TEXT NOT NULL,
  type TEXT NOT NULL,
  type_ukr TEXT NOT NULL
) STRICT;
CREATE INDEX street_by_settlement ON street (settlement_id, name);

CREATE TABLE delivery_method (
  slug TEXT PRIMARY KEY,
  type INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  carrier INTEGER NOT NULL CHECK (carrier BETWEEN 0 AND 7),
  price REAL NOT NULL,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  short_description TEXT NOT NULL,
  short_description_ukr TEXT NOT NULL,
  icon_image_url TEXT,
  icon_image_url_selected TEXT,
  changeable INTEGER NOT NULL,
  ordering INTEGER NOT NULL
) STRICT;

-- Methods offered in a settlement (spec §5: im-courier only in Kyiv, np/meest courier only outside).
CREATE TABLE settlement_delivery_method (
  settlement_id INTEGER NOT NULL REFERENCES settlement (id),
  method_slug TEXT NOT NULL REFERENCES delivery_method (slug),
  PRIMARY KEY (settlement_id, method_slug)
) STRICT, WITHOUT ROWID;

CREATE TABLE branch (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  settlement_id INTEGER NOT NULL REFERENCES settlement (id),
  delivery_slug TEXT NOT NULL REFERENCES delivery_method (slug),
  carrier INTEGER NOT NULL,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  address TEXT NOT NULL,
  address_ukr TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  max_weight REAL,
  schedule TEXT NOT NULL,
  UNIQUE (settlement_id, delivery_slug, number)
) STRICT;

CREATE TABLE shop (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  settlement_id INTEGER NOT NULL REFERENCES settlement (id),
  address TEXT NOT NULL,
  address_ukr TEXT NOT NULL,
  schedule TEXT NOT NULL,
  schedule_ukr TEXT NOT NULL,
  phone TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('shop', 'warehouse', 'partner')),
  pickup_enable INTEGER NOT NULL,
  total_max_weight_allowed REAL NOT NULL,
  is_chicco INTEGER NOT NULL,
  is_ma INTEGER NOT NULL,
  ordering INTEGER NOT NULL
) STRICT;
CREATE INDEX shop_by_settlement ON shop (settlement_id);

CREATE TABLE shop_image (
  shop_id INTEGER NOT NULL REFERENCES shop (id),
  ordering INTEGER NOT NULL,
  link TEXT NOT NULL,
  PRIMARY KEY (shop_id, ordering)
) STRICT, WITHOUT ROWID;

CREATE TABLE shop_donor (
  shop_id INTEGER NOT NULL REFERENCES shop (id),
  donor_id INTEGER NOT NULL REFERENCES shop (id),
  PRIMARY KEY (shop_id, donor_id)
) STRICT, WITHOUT ROWID;
