-- Full-text search over listings (hand-written: drizzle-kit does not model FTS5).
-- The index keys on listings.num (the rowid alias). Category and subcategory names are
-- indexed too, so "cars" finds a listing whose text never says "car".
-- Trigger SQL stays LF-only and free of CASE...END (D1 splits statements naively).
CREATE VIRTUAL TABLE listings_fts USING fts5(
  title,
  description,
  location,
  categories,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
  INSERT INTO listings_fts(rowid, title, description, location, categories)
  VALUES (new.num, new.title, new.description, new.location,
    coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (new.category_id, new.subcategory_id)), ''));
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
  DELETE FROM listings_fts WHERE rowid = old.num;
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_update AFTER UPDATE OF title, description, location, category_id, subcategory_id ON listings BEGIN
  DELETE FROM listings_fts WHERE rowid = old.num;
  INSERT INTO listings_fts(rowid, title, description, location, categories)
  VALUES (new.num, new.title, new.description, new.location,
    coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (new.category_id, new.subcategory_id)), ''));
END;
