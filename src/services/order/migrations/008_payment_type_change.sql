-- Order service: the shopper may choose another payment type for an unpaid new order (issue 29;
-- docs/decisions.md "Orders: choosing another payment type").
--
-- The attempts at the bank made for the earlier type (declined, not a client, closed as expired by
-- the change) say nothing of the new one: the order's payment status is read from its payments
-- after `payments_before`, the id of the last payment the order had when its type last changed.
-- 0: never changed, every payment counts. An approved payment of any type still makes it paid.
ALTER TABLE customer_order ADD COLUMN payments_before INTEGER NOT NULL DEFAULT 0;
