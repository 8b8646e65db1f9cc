-- Order service: «Повідомити про наявність» (issue 29; docs/decisions.md "Stock notifications").
--
-- A shopper asks to be told when a sold-out variant is back: by SMS (`380XXXXXXXXX`) or e-mail.
-- Sent once, through the user service's SMS and e-mail channels, when the variant has stock again;
-- `sent_at` then says when. One waiting request per variant and address: asking again changes nothing.
CREATE TABLE stock_notification (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  variant_id INTEGER NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ru', 'uk')),
  customer_id INTEGER,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE UNIQUE INDEX stock_notification_waiting ON stock_notification (variant_id, channel, recipient)
  WHERE sent_at IS NULL;
CREATE INDEX stock_notification_by_product ON stock_notification (product_id) WHERE sent_at IS NULL;

-- Requests counted per client address and per recipient (the limits of stockNotifications.ts).
CREATE TABLE stock_notification_limit (
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX stock_notification_limit_subject ON stock_notification_limit (kind, subject, at);
