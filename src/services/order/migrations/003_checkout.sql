-- Order service: orders, their lines and codes, stock reservations, payments and gift certificate
-- purchases (storefront spec §3, §4, §7; docs/decisions.md "Orders, payments and certificates").
-- Money is stored in kopecks (integers), as the basket check counts it.

-- 001 sketched customer_order and order_item before any code wrote them; they are replaced, empty.
DROP TABLE order_item;
DROP TABLE customer_order;

CREATE TABLE customer_order (
  id INTEGER PRIMARY KEY,
  -- Shown to the shopper and the shop; consecutive, so never enough to read an order.
  number TEXT NOT NULL UNIQUE,
  -- Unguessable id (128 random bits) for anonymous reads and payments (spec: order hash).
  hash TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('order', 'one-click')),
  -- NULL for an anonymous order; the accounts issue fills it for signed-in shoppers.
  customer_id INTEGER,
  -- DESIGN §7: a retried or double-clicked submission carries the same key and gets this order
  -- back, as long as its body (canonical JSON, SHA-256) is the same.
  idempotency_key TEXT NOT NULL UNIQUE,
  body_hash TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  -- Spec §4 order status 0..9.
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 9),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  -- NULL for one-click orders until the shop's call.
  payment_type INTEGER CHECK (payment_type IN (1, 2, 3, 5, 6, 7, 8, 9, 10)),
  payment_parts INTEGER NOT NULL DEFAULT 0,
  delivery_type INTEGER CHECK (delivery_type IN (1, 2, 3)),
  delivery_method_slug TEXT,
  delivery_address TEXT NOT NULL,
  delivery_address_ukr TEXT NOT NULL,
  -- Lines after promo-code discounts; promo discounts; what certificates pay; delivery; bonuses.
  price INTEGER NOT NULL CHECK (price >= 0),
  discount_amount INTEGER NOT NULL CHECK (discount_amount >= 0),
  certificate_amount INTEGER NOT NULL CHECK (certificate_amount >= 0 AND certificate_amount <= price),
  delivery_price INTEGER NOT NULL CHECK (delivery_price >= 0),
  used_bonuses INTEGER NOT NULL DEFAULT 0 CHECK (used_bonuses >= 0),
  total_price INTEGER NOT NULL CHECK (total_price >= 0),
  -- The order payload as parsed (spec §3 "Order payload sent"), for support and the accounting system.
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX customer_order_by_customer ON customer_order (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;

CREATE TABLE order_item (
  order_id INTEGER NOT NULL REFERENCES customer_order (id),
  line INTEGER NOT NULL,
  variant_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  -- The catalogue's description when the order was placed (it may change or go later).
  title TEXT NOT NULL,
  title_ukr TEXT NOT NULL,
  slug TEXT NOT NULL,
  brand TEXT,
  folder_category TEXT NOT NULL,
  category TEXT,
  color_presentation TEXT,
  size_presentation TEXT,
  display_article TEXT NOT NULL,
  image TEXT,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  -- Unit price after promo discounts and the line's cost (rounded down to whole hryvnias).
  price INTEGER NOT NULL CHECK (price >= 0),
  total_price INTEGER NOT NULL CHECK (total_price >= 0),
  is_gift INTEGER NOT NULL CHECK (is_gift IN (0, 1)),
  gift_discount_ref TEXT,
  -- Spec §4 line statuses 0..5: new, reserved, canceled, delivery waiting, transferred, refused.
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  PRIMARY KEY (order_id, line)
) STRICT;

-- The promo codes and certificates an order used, with what each took off.
CREATE TABLE order_code (
  order_id INTEGER NOT NULL REFERENCES customer_order (id),
  type INTEGER NOT NULL CHECK (type IN (0, 1)),
  key TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (order_id, type, key)
) STRICT, WITHOUT ROWID;

-- Units of a variant an order holds. The catalogue's stock (the search service, fed by the ERP)
-- does not know our orders: what can be sold is that stock less the active reservations. A
-- reservation is released (released_at) when its order is canceled, or handed to the accounting
-- system that then lowers the catalogue's stock itself; nothing does either yet.
CREATE TABLE stock_reservation (
  order_id INTEGER NOT NULL REFERENCES customer_order (id),
  variant_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  released_at TEXT,
  PRIMARY KEY (order_id, variant_id)
) STRICT, WITHOUT ROWID;
-- Covers the sum of active units by variant (every basket check and order asks it).
CREATE INDEX stock_reservation_active ON stock_reservation (variant_id, quantity) WHERE released_at IS NULL;

-- A gift certificate bought on the site: paid like an order; once paid it is a gift_certificate.
CREATE TABLE certificate_order (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  customer_id INTEGER,
  -- Optional for a purchase (a double click makes two unpaid purchases at worst).
  idempotency_key TEXT UNIQUE,
  body_hash TEXT NOT NULL,
  nominal INTEGER NOT NULL CHECK (nominal BETWEEN 50 AND 100000),
  first_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  -- Set in the transaction that records the approved payment.
  certificate_key TEXT UNIQUE REFERENCES gift_certificate (key),
  created_at TEXT NOT NULL
) STRICT;

-- One attempt to pay an order or a certificate purchase at the bank.
CREATE TABLE payment (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  order_id INTEGER REFERENCES customer_order (id),
  certificate_order_id INTEGER REFERENCES certificate_order (id),
  payment_type INTEGER NOT NULL CHECK (payment_type IN (2, 6, 7, 8, 9, 10)),
  payment_parts INTEGER NOT NULL DEFAULT 0,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  -- Spec §4 payment status 0..9 (src/api/schemas/order.ts PAYMENT_STATUS).
  status INTEGER NOT NULL CHECK (status BETWEEN 0 AND 9),
  -- A path of the shop's site (checked when the payment is made): where the bank sends the shopper.
  return_url TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((order_id IS NULL) <> (certificate_order_id IS NULL))
) STRICT;
CREATE INDEX payment_by_order ON payment (order_id, id) WHERE order_id IS NOT NULL;
CREATE INDEX payment_by_certificate_order ON payment (certificate_order_id, id) WHERE certificate_order_id IS NOT NULL;
