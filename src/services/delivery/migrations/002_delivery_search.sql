-- Delivery service, checkout calls (storefront spec §7): searchable settlements, streets and branches,
-- the often-used cities, bilingual branch hours, and what the price calculation needs of a method.

-- Every word-start of a settlement's names in both languages, folded (src/services/delivery/searchText.ts):
-- "Біла Церква" gives "била церква" (word 0) and "церква" (word 1), so a prefix search is one index range.
CREATE TABLE settlement_search_key (
  key TEXT NOT NULL,
  settlement_id INTEGER NOT NULL REFERENCES settlement (id),
  -- 0: the key is the whole name (ranked before a match on a later word).
  word INTEGER NOT NULL,
  PRIMARY KEY (key, settlement_id, word)
) STRICT, WITHOUT ROWID;

-- Position in the "often used" list (1 first); null for the rest.
ALTER TABLE settlement ADD COLUMN often_used_rank INTEGER;
CREATE INDEX settlement_by_often_used ON settlement (often_used_rank) WHERE often_used_rank IS NOT NULL;

-- Folded text the searches look in (names, types, numbers, addresses of both languages), '' until indexed.
ALTER TABLE street ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
ALTER TABLE branch ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
-- Opening hours in Ukrainian beside `schedule` (Russian); '' in databases seeded before this migration.
ALTER TABLE branch ADD COLUMN schedule_ukr TEXT NOT NULL DEFAULT '';

-- Price calculation: the price covers `included_weight` kg, each further started kg costs `price_per_kg`;
-- the method takes parcels up to `max_weight` kg (null: no cap of its own); delivery takes min..max days.
ALTER TABLE delivery_method ADD COLUMN included_weight REAL NOT NULL DEFAULT 0;
ALTER TABLE delivery_method ADD COLUMN price_per_kg REAL NOT NULL DEFAULT 0;
ALTER TABLE delivery_method ADD COLUMN max_weight REAL;
ALTER TABLE delivery_method ADD COLUMN min_days INTEGER NOT NULL DEFAULT 1;
ALTER TABLE delivery_method ADD COLUMN max_days INTEGER NOT NULL DEFAULT 3;
