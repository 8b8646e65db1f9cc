-- Order service: orders paid in part with bonus points (docs/decisions.md "Accounts: paying with
-- bonuses"). The points live in the user service, which spends them once per order number; so an
-- order with points takes its id (and number, 1000000 + id) here first, asks the user service to
-- spend for that number, and only then writes the order under it. A row follows that payment:
--   spending       the number is taken, the user service is being (or may have been) asked;
--   placed         the order was written under the number (in the same transaction);
--   refused        the user service said no (not a member, balance short): nothing was spent;
--   give-back-due  the points may have been spent but no order holds them: to be given back;
--   giving-back    the give-back is being asked;
--   given-back     the user service has given them back (or recorded that nothing was spent).
-- A number taken for an order that was never written stays unused: numbers may have gaps.
CREATE TABLE bonus_payment (
  -- The id the order gets (customer_order.id); new orders take ids after both tables' largest.
  order_id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  customer_id INTEGER NOT NULL,
  -- The order's stored Idempotency-Key (customer:{id}:{key}) and body hash: a retry of the same
  -- intent goes on under the same number, so the user service never spends twice for it.
  idempotency_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  -- Whole hryvnias (the payload's usedBonuses).
  amount INTEGER NOT NULL CHECK (amount > 0),
  state TEXT NOT NULL
    CHECK (state IN ('spending', 'placed', 'refused', 'give-back-due', 'giving-back', 'given-back')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
-- One open payment per intent: the one a retry goes on with.
CREATE UNIQUE INDEX bonus_payment_open ON bonus_payment (idempotency_key, body_hash)
  WHERE state IN ('spending', 'give-back-due');
-- What may still owe a give-back, oldest first.
CREATE INDEX bonus_payment_owed ON bonus_payment (updated_at)
  WHERE state IN ('spending', 'give-back-due', 'giving-back');
