-- Reviews written by signed-in shoppers (issue 12 "Reviews"). The seeded reviews (the old shop's,
-- user_id NULL) belong to nobody: nobody can change them. One review per shopper and product.
ALTER TABLE review ADD COLUMN user_id INTEGER;
ALTER TABLE review ADD COLUMN updated_at TEXT;
CREATE UNIQUE INDEX review_one_per_shopper ON review (user_id, product_id) WHERE user_id IS NOT NULL;
CREATE INDEX review_by_user ON review (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;

-- Shoppers' answers to a review (POST /public/review/user/{id}/answer), oldest first. The shop's
-- own answer stays in review.answer_*.
CREATE TABLE review_reply (
  id INTEGER PRIMARY KEY,
  review_id INTEGER NOT NULL REFERENCES review (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  display_name TEXT NOT NULL,
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX review_reply_by_review ON review_reply (review_id, created_at, id);
