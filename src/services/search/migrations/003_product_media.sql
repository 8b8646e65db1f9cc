-- Search service, third step: a product's media beyond its pictures (spec §3 Product: `videos`,
-- `rotateImages`). Filled by the seed (in production, by the ERP import); a data directory seeded
-- before this migration keeps these tables empty, so its products answer no videos and no frames.

-- Videos are only linked (a video host's page), never fetched or embedded by the shop.
-- `title` is the video's own title, as the video host shows it (one language, like the wire shape).
CREATE TABLE product_video (
  product_id INTEGER NOT NULL REFERENCES product (id),
  ordering INTEGER NOT NULL,
  link TEXT NOT NULL,
  title TEXT NOT NULL,
  PRIMARY KEY (product_id, ordering)
) STRICT, WITHOUT ROWID;

-- Rotating (360°) pictures: one set of frames per colour of the product (color_id NULL = a set
-- shown for every colour), `ordering` the frame's place in its turn, from 0. `name` is the file
-- the image route serves (`p{id}-{colour|base}-360-{frame}.svg`); `hash` the frame's content hash.
CREATE TABLE product_rotate_image (
  name TEXT PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES product (id),
  color_id INTEGER REFERENCES filter_value (id),
  ordering INTEGER NOT NULL,
  hash TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX product_rotate_image_by_product ON product_rotate_image (product_id, color_id, ordering);
