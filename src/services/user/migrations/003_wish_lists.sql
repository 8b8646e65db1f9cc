-- Wish lists (accounts spec §3 "Wish list", §7; docs/decisions.md "Wish lists"): a shopper's lists,
-- each shared by an unguessable hash, holding products in one variant (the nomenclature id) each.
CREATE TABLE wish_list (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  -- NULL: the default list its shopper has not named yet, answered as «Мой список» / «Мій список»
  -- in the language of the request.
  title TEXT,
  -- The list the hearts fill: the shopper's first, made on demand; at most one per shopper.
  is_default INTEGER NOT NULL DEFAULT 0,
  -- 144 random bits, URL-safe: the public page's address (`/wishlist/{hash}`).
  hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX wish_list_by_customer ON wish_list (customer_id);
CREATE UNIQUE INDEX wish_list_one_default ON wish_list (customer_id) WHERE is_default = 1;

CREATE TABLE wish_list_item (
  id INTEGER PRIMARY KEY,
  list_id INTEGER NOT NULL REFERENCES wish_list (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  nomenclature_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  -- The same product in the same variant is in a list once.
  UNIQUE (list_id, product_id, nomenclature_id)
) STRICT;
