-- User service: orders paid (in part) with bonus points (docs/decisions.md "Accounts: paying with
-- bonuses"). One row per customer and order number: the order service's payment and, when the order
-- fails or is cancelled, its give-back. The points themselves move as bonus_transaction lines (the
-- spending, then the give-back), so the balance and the history stay one ledger.

CREATE TABLE bonus_order_payment (
  customer_id INTEGER NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  order_number TEXT NOT NULL,
  -- Whole hryvnias spent; 0 for a number given back before anything was spent (a tombstone: a
  -- late payment for it is refused).
  amount INTEGER NOT NULL CHECK (amount >= 0),
  created_at TEXT NOT NULL,
  given_back_at TEXT,
  PRIMARY KEY (customer_id, order_number)
) STRICT, WITHOUT ROWID;
