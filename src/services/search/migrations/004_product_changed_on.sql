-- Search service, fourth step (issue 30): the day a product's page last changed in what search
-- engines are told about (a shown variant's price, or whether a variant is in stock), written by the
-- admin API as `YYYY-MM-DD` (UTC). The product sitemap's `<lastmod>`; NULL (never changed since the
-- load) means the day it arrived (`arrived_on`).
ALTER TABLE product ADD COLUMN changed_on TEXT;
