-- User service (accounts spec §3, §7, §8; DESIGN §7). Accounts are keyed by the phone. Every time is
-- an ISO-8601 UTC string written by the service's own clock (tests move it), so they compare as text.
-- Secrets (passwords, codes, tokens) are never stored in the clear: scrypt for passwords, an HMAC for
-- one-time codes, SHA-256 for the random tokens (they carry 256 bits, a keyless hash is enough).

-- The key of the one-time codes' HMAC, made on first start when none is configured.
CREATE TABLE service_secret (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE customer (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL UNIQUE CHECK (length(phone) = 12 AND substr(phone, 1, 3) = '380'),
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  middle_name TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  gender INTEGER CHECK (gender IN (1, 2)),
  birth_date TEXT,
  pregnancy_due_date TEXT,
  subscribe_sms INTEGER NOT NULL DEFAULT 0,
  subscribe_email INTEGER NOT NULL DEFAULT 0,
  -- The confirmed address ('' without one) and one waiting for its link.
  email TEXT NOT NULL DEFAULT '',
  pending_email TEXT,
  language TEXT NOT NULL DEFAULT 'ru' CHECK (language IN ('ru', 'uk')),
  subscription_discount INTEGER NOT NULL DEFAULT 0,
  -- scrypt$N$r$p$salt$hash; NULL until the shopper sets one (a registration may skip it).
  password_hash TEXT,
  -- NULL while a registration waits for its SMS code: such a row cannot sign in (1401).
  phone_confirmed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE oauth_link (
  provider TEXT NOT NULL CHECK (provider IN ('google', 'facebook')),
  oauth_id TEXT NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, oauth_id),
  UNIQUE (customer_id, provider)
) STRICT;

-- Sign-ins: a family per sign-in; every refresh rotates its refresh token inside the family, and a
-- replaced one presented again revokes the whole family with its access tokens (DESIGN §7).
CREATE TABLE token_family (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_reason TEXT
) STRICT;
CREATE INDEX token_family_by_customer ON token_family (customer_id);

CREATE TABLE refresh_token (
  token_hash TEXT PRIMARY KEY,
  family_id INTEGER NOT NULL REFERENCES token_family (id) ON DELETE CASCADE,
  issued_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  replaced_at TEXT
) STRICT;
CREATE INDEX refresh_token_by_family ON refresh_token (family_id);

CREATE TABLE access_token (
  token_hash TEXT PRIMARY KEY,
  family_id INTEGER NOT NULL REFERENCES token_family (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
) STRICT;
CREATE INDEX access_token_by_family ON access_token (family_id);

-- The one-time token of `POST /public/register/change-password`, given by a confirmed code.
CREATE TABLE password_token (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  family_id INTEGER NOT NULL REFERENCES token_family (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;

-- The link of an e-mail confirmation (`GET /public/auth/email-confirm/{token}`).
CREATE TABLE email_token (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;

-- One-time SMS codes: hashed, limited life and attempts (DESIGN §7). A social registration keeps the
-- provider's account on its code, linked when the code is confirmed.
CREATE TABLE otp_challenge (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'recovery')),
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  oauth_provider TEXT,
  oauth_id TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT
) STRICT;
CREATE INDEX otp_challenge_by_phone ON otp_challenge (phone, id);

-- Rate-limit counters: one row per counted event (a code sent to a phone, from an address; a wrong
-- password). Rows older than the longest window are deleted as new ones arrive.
CREATE TABLE limit_event (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX limit_event_by_key ON limit_event (kind, key, at);
CREATE INDEX limit_event_by_time ON limit_event (at);

-- What a social provider vouched for in a 206 answer: `POST /public/register/phone-oauth` may link
-- only such an account (else anyone could attach any provider id to their phone).
CREATE TABLE social_pending (
  provider TEXT NOT NULL,
  oauth_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (provider, oauth_id)
) STRICT;

CREATE TABLE location (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  is_default INTEGER NOT NULL DEFAULT 0,
  city TEXT NOT NULL,
  city_ref TEXT NOT NULL,
  city_id INTEGER NOT NULL,
  region TEXT NOT NULL,
  district TEXT NOT NULL,
  type INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  delivery_method_slug TEXT,
  carrier INTEGER,
  street TEXT NOT NULL,
  street_ref TEXT NOT NULL,
  street_type_name TEXT NOT NULL,
  building TEXT NOT NULL,
  apartment TEXT NOT NULL,
  branch_ref TEXT NOT NULL,
  branch TEXT NOT NULL,
  shop_ref TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX location_by_customer ON location (customer_id);
-- At most one default per shopper.
CREATE UNIQUE INDEX location_one_default ON location (customer_id) WHERE is_default = 1;

CREATE TABLE child (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  gender TEXT NOT NULL CHECK (gender IN ('boy', 'girl')),
  birth_date TEXT
) STRICT;
CREATE INDEX child_by_customer ON child (customer_id);

-- The cashback programme: membership and its ledger. An accrual becomes active on `available_at`
-- (before that it is the passive amount) and may expire on `expires_at`.
CREATE TABLE bonus_member (
  customer_id INTEGER PRIMARY KEY REFERENCES customer (id) ON DELETE CASCADE,
  joined_at TEXT NOT NULL,
  -- Purchases (UAH) counted towards the level in the current period.
  accumulation_amount REAL NOT NULL DEFAULT 0,
  level_valid_until TEXT
) STRICT;

CREATE TABLE bonus_transaction (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  amount REAL NOT NULL,
  description TEXT NOT NULL,
  order_number TEXT,
  created_at TEXT NOT NULL,
  available_at TEXT NOT NULL,
  expires_at TEXT
) STRICT;
CREATE INDEX bonus_transaction_by_customer ON bonus_transaction (customer_id, created_at);

-- `POST /public/e-sputnik/subscribe/{id}`: recorded as the mailing service would receive it.
CREATE TABLE newsletter_subscription (
  list_id INTEGER NOT NULL,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (list_id, email)
) STRICT;

-- SANDBOX stand-ins (DESIGN §4): what the SMS gateway and the mail server would have delivered,
-- readable at /sandbox/sms and /sandbox/email; and the codes of the sandbox social provider.
CREATE TABLE sandbox_sms (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX sandbox_sms_by_phone ON sandbox_sms (phone, id);

CREATE TABLE sandbox_email (
  id INTEGER PRIMARY KEY,
  address TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX sandbox_email_by_address ON sandbox_email (address, id);

CREATE TABLE sandbox_oauth_code (
  code_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  oauth_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
