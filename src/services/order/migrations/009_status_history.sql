-- Order service: order statuses move (issue 25; docs/decisions.md "Order statuses move").
--
-- Every change of an order's status after it was placed, written by the admin route
-- (`POST /admin/order/{number}/status`) and by the run-out holds' cancellation. The placing itself
-- is not a row: an order's history starts with its status 0 at `created_at`.
CREATE TABLE order_status_change (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES customer_order (id),
  status INTEGER NOT NULL CHECK (status BETWEEN 0 AND 9),
  at TEXT NOT NULL,
  -- Who or what moved it, for support: the ERP's note, 'hold ran out', 'subscription'.
  note TEXT
) STRICT;
CREATE INDEX order_status_change_by_order ON order_status_change (order_id, id);

-- A repeat delivery of a subscription is an order of its own; it names the order whose
-- subscription line it repeats (NULL for every order a shopper placed).
ALTER TABLE customer_order ADD COLUMN repeat_of INTEGER REFERENCES customer_order (id);

-- The next delivery of each subscription line (order_item with interval_days) of an order a
-- shopper placed: filled by the scheduled job the first time it sees the line, moved on by an
-- interval at each repeat order it makes. A canceled first order stops its subscriptions.
CREATE TABLE subscription_schedule (
  order_id INTEGER NOT NULL REFERENCES customer_order (id),
  line INTEGER NOT NULL,
  -- YYYY-MM-DD (Kyiv): the day of the next delivery.
  next_date TEXT NOT NULL,
  PRIMARY KEY (order_id, line)
) STRICT, WITHOUT ROWID;
CREATE INDEX subscription_schedule_due ON subscription_schedule (next_date);
