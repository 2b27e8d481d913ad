-- Hindi in the full-text index: FTS5's default unicode61 tokenizer splits Devanagari words at
-- their vowel signs and viramas (category M), so किताब was indexed as fragments and could never be
-- found whole. Marks now count as word characters (categories 'L* N* Co M*'), so a Hindi word is
-- one token, as a buyer types it. Plus a vocabulary view of the index (fts5vocab) that the spelling
-- corrector and suggestions read (worker/services/search/dictionary.ts).
-- The table is rebuilt (a tokenizer cannot be changed in place); triggers as in 0008, LF-only and
-- free of CASE...END.
DROP TRIGGER IF EXISTS listings_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_fts_update;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_fts_delete;
--> statement-breakpoint
DROP TABLE IF EXISTS listings_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE listings_fts USING fts5(
  title,
  description,
  location,
  categories,
  facets,
  tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings WHEN new.status = 'APPROVED' BEGIN
  INSERT INTO listings_fts(rowid, title, description, location, categories, facets)
  VALUES (new.num, new.title, new.description, new.location,
    coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (new.category_id, new.subcategory_id)), ''),
    'xc' || replace(new.category_id, '-', '') || coalesce(' xc' || replace(new.subcategory_id, '-', ''), '') || coalesce(' xl' || new.state_id, '') || coalesce(' xl' || new.city_id, '') || coalesce(' xl' || new.area_id, ''));
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_update AFTER UPDATE OF title, description, location, category_id, subcategory_id, state_id, city_id, area_id, status ON listings BEGIN
  DELETE FROM listings_fts WHERE rowid = old.num;
  INSERT INTO listings_fts(rowid, title, description, location, categories, facets)
  SELECT new.num, new.title, new.description, new.location,
    coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (new.category_id, new.subcategory_id)), ''),
    'xc' || replace(new.category_id, '-', '') || coalesce(' xc' || replace(new.subcategory_id, '-', ''), '') || coalesce(' xl' || new.state_id, '') || coalesce(' xl' || new.city_id, '') || coalesce(' xl' || new.area_id, '')
  WHERE new.status = 'APPROVED';
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
  DELETE FROM listings_fts WHERE rowid = old.num;
END;
--> statement-breakpoint
INSERT INTO listings_fts(rowid, title, description, location, categories, facets)
SELECT l.num, l.title, l.description, l.location,
  coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (l.category_id, l.subcategory_id)), ''),
  'xc' || replace(l.category_id, '-', '') || coalesce(' xc' || replace(l.subcategory_id, '-', ''), '') || coalesce(' xl' || l.state_id, '') || coalesce(' xl' || l.city_id, '') || coalesce(' xl' || l.area_id, '')
FROM listings l WHERE l.status = 'APPROVED';
--> statement-breakpoint
CREATE VIRTUAL TABLE listings_fts_vocab USING fts5vocab(listings_fts, 'col');
--> statement-breakpoint
-- Relevance: a word in the title counts most, then the category names, then the description and
-- the place (bm25 weights per column; facets never score).
INSERT INTO listings_fts(listings_fts, rank) VALUES('rank', 'bm25(10.0, 2.0, 1.0, 4.0, 0.0)');
