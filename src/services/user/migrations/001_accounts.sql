-- User service: accounts are keyed by phone (accounts spec). Later issues add profile details,
-- saved locations, children, wish lists and the bonus programme in further migrations.

CREATE TABLE customer (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL UNIQUE CHECK (length(phone) = 12 AND substr(phone, 1, 3) = '380'),
  first_name TEXT,
  last_name TEXT,
  email TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Refresh tokens rotate; reuse of a replaced token revokes its whole family (DESIGN §7).
CREATE TABLE refresh_token (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customer (id),
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  replaced_at TEXT,
  revoked_at TEXT
) STRICT;
CREATE INDEX refresh_token_by_family ON refresh_token (family_id);

-- One-time codes: stored hashed, limited life and attempts (DESIGN §7).
CREATE TABLE otp_challenge (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  client_ip TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT
) STRICT;
CREATE INDEX otp_challenge_by_phone ON otp_challenge (phone, created_at);
CREATE INDEX otp_challenge_by_ip ON otp_challenge (client_ip, created_at);

-- Sandbox stand-in for the SMS gateway: messages land here, readable by tests.
CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
