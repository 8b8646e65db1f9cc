-- Order service: what the basket check needs besides the catalogue (which it asks the search
-- service for): promo codes, gift certificates and gift-with-purchase promotions.

-- Spec §3 promo-code entity, type 0. Keys are stored trimmed and upper-cased, as they are looked up.
CREATE TABLE promo_code (
  key TEXT PRIMARY KEY CHECK (key = upper(trim(key)) AND key <> ''),
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  -- 'percent': a discount on each line it applies to; 'amount': hryvnias off the whole order.
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount')),
  value REAL NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
  -- Lines' total (after their discounts) the order must reach; 0 = any.
  min_order REAL NOT NULL DEFAULT 0 CHECK (min_order >= 0),
  -- Only lines of this folder category get a percent code's discount; NULL = every line.
  folder_category TEXT,
  -- Dates (YYYY-MM-DD, Kyiv time), both inclusive; NULL = open.
  valid_from TEXT,
  valid_until TEXT
) STRICT, WITHOUT ROWID;

-- Spec §3 gift certificate, type 1: keys are case-sensitive (the spec trims them and nothing more).
CREATE TABLE gift_certificate (
  key TEXT PRIMARY KEY CHECK (key = trim(key) AND key <> ''),
  nominal REAL NOT NULL CHECK (nominal > 0),
  -- What is left to spend; 0 = used up.
  balance REAL NOT NULL CHECK (balance >= 0 AND balance <= nominal),
  valid_until TEXT
) STRICT, WITHOUT ROWID;

-- Gift with purchase (spec §3 giftLists): a qualifying product, or any product of a category
-- (folder or sub-category slug), brings a list of gifts; the shopper picks one when there are several.
CREATE TABLE gift_promotion (
  -- The gift list's id, sent back as `giftDiscountRef`.
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_ukr TEXT NOT NULL,
  product_id INTEGER,
  category_slug TEXT,
  valid_from TEXT,
  valid_until TEXT,
  CHECK ((product_id IS NULL) <> (category_slug IS NULL))
) STRICT, WITHOUT ROWID;
CREATE INDEX gift_promotion_by_product ON gift_promotion (product_id) WHERE product_id IS NOT NULL;
CREATE INDEX gift_promotion_by_category ON gift_promotion (category_slug) WHERE category_slug IS NOT NULL;

-- The gifts of a promotion: catalogue variants (with their product, which the search service is asked for).
CREATE TABLE gift_promotion_item (
  promotion_id TEXT NOT NULL REFERENCES gift_promotion (id),
  variant_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  ordering INTEGER NOT NULL,
  PRIMARY KEY (promotion_id, variant_id)
) STRICT, WITHOUT ROWID;
