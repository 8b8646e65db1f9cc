-- Order service: bounded holds (issue 23; docs/decisions.md "Orders: bounded holds").
--
-- An order paid online holds its units until `hold_until` (placed + ORDER_PAYMENT_HOLD_MINUTES);
-- an approved payment clears it (paid: the units stay held). While an order is new (status 0, 1,
-- 7) and its `hold_until` has passed, every read treats it as canceled (status 5) and its units
-- as free; the order service records that (status 5, reservations released) in the next
-- transaction that places an order or touches a payment. A canceled order keeps its `hold_until`:
-- when its time to pay ran out.
ALTER TABLE customer_order ADD COLUMN hold_until TEXT;

-- Unpaid online orders placed before this migration held their units for ever: they get the
-- default hold (30 minutes from when they were placed), so an old one is released at once.
UPDATE customer_order SET hold_until = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+30 minutes')
WHERE status IN (0, 1, 7) AND payment_type IN (2, 6, 7, 8, 9, 10)
  AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.order_id = customer_order.id AND p.status = 3);

-- The orders whose hold may run out, by when (the sweep and nothing else reads it).
CREATE INDEX customer_order_hold_until ON customer_order (hold_until)
  WHERE hold_until IS NOT NULL AND status IN (0, 1, 7);
-- A phone's new orders, for the count of its open unpaid ones at every order.
CREATE INDEX customer_order_new_by_phone ON customer_order (phone) WHERE status IN (0, 1, 7);
