-- Order service: subscription lines (storefront spec §3 `subscriptionItems`; docs/decisions.md
-- "Accounts: subscriptions"). An order's subscription line is the first delivery of a repeat
-- delivery, priced at the subscription price; it keeps its interval and first delivery date.
-- Both NULL on every other line (bought once, or a gift), and on every line written before.
ALTER TABLE order_item ADD COLUMN interval_days INTEGER CHECK (interval_days IS NULL OR interval_days BETWEEN 1 AND 365);
ALTER TABLE order_item ADD COLUMN start_date TEXT CHECK ((start_date IS NULL) = (interval_days IS NULL));
