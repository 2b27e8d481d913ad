-- Search filters inside the full-text index: a hidden `facets` column holds one token per
-- category, subcategory, state, city and area of a live listing (xc<category id without dashes>,
-- xl<location id>). A text search with a category or place filter then intersects posting lists
-- inside FTS5 ("honda" AND facets:"xl123") instead of joining every "honda" in India to listings
-- to check its city; with relevance order the whole page is chosen by FTS5. User words are
-- confined to the text columns, so nobody can search the facet tokens.
-- The table is rebuilt (FTS5 cannot add a column); triggers stay LF-only and free of CASE...END.
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
  tokenize = 'unicode61 remove_diacritics 2',
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
