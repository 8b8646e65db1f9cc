-- Search service, fourth step (issue 30): the day a product's page last changed in what search
-- engines are told about (a shown variant's price, or whether a variant is in stock), written by the
-- admin API as `YYYY-MM-DD` (UTC). The product sitemap's `<lastmod>`; NULL (never changed since the
-- load) means the day it arrived (`arrived_on`).
ALTER TABLE product ADD COLUMN changed_on TEXT;

-- The products the sitemaps list, in their order: a file's first part (OFFSET), the count of files
-- and the file a changed product is in (count of listed ids below it) read this index alone.
CREATE INDEX product_listed ON product (id) WHERE has_price = 1 AND is_archival = 0;
