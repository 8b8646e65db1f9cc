-- Order service: orders and their lines. Later issues add payments, certificates and basket checks.

CREATE TABLE customer_order (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  -- Opaque id for anonymous look-ups and payments (spec: order hash).
  hash TEXT NOT NULL UNIQUE,
  customer_id INTEGER,
  phone TEXT NOT NULL,
  -- A retried or double-clicked submission carries the same key and gets the same order (DESIGN §7).
  idempotency_key TEXT UNIQUE,
  status INTEGER NOT NULL DEFAULT 0,
  payment_type INTEGER NOT NULL,
  payment_status INTEGER,
  delivery_type INTEGER NOT NULL CHECK (delivery_type IN (1, 2, 3)),
  delivery_method_slug TEXT,
  delivery_price REAL NOT NULL DEFAULT 0,
  price REAL NOT NULL,
  -- The order payload as sent (spec §3 "Order payload sent"), for support and audits.
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX customer_order_by_customer ON customer_order (customer_id, created_at DESC);

CREATE TABLE order_item (
  order_id INTEGER NOT NULL REFERENCES customer_order (id),
  line INTEGER NOT NULL,
  variant_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  display_article TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  price REAL NOT NULL,
  total_price REAL NOT NULL,
  -- Spec §4 line statuses 0..5: new, reserved, canceled, delivery waiting, transferred, refused.
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  PRIMARY KEY (order_id, line)
) STRICT;
