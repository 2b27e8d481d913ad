-- The full-text index holds live (APPROVED) listings only, so a text search sorted by relevance
-- is answered by FTS5 alone (ORDER BY rank LIMIT n reads n rows) and its count never has to join
-- listings to check the status. Listings enter the index when they go live and leave it when they
-- stop being live (sold, deactivated, rejected) or are deleted.
-- Trigger SQL stays LF-only and free of CASE...END (D1 splits statements naively).
DROP TRIGGER IF EXISTS listings_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_fts_update;
--> statement-breakpoint
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings WHEN new.status = 'APPROVED' BEGIN
  INSERT INTO listings_fts(rowid, title, description, location, categories)
  VALUES (new.num, new.title, new.description, new.location,
    coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (new.category_id, new.subcategory_id)), ''));
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_update AFTER UPDATE OF title, description, location, category_id, subcategory_id, status ON listings BEGIN
  DELETE FROM listings_fts WHERE rowid = old.num;
  INSERT INTO listings_fts(rowid, title, description, location, categories)
  SELECT new.num, new.title, new.description, new.location,
    coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (new.category_id, new.subcategory_id)), '')
  WHERE new.status = 'APPROVED';
END;
--> statement-breakpoint
DELETE FROM listings_fts WHERE rowid IN (SELECT num FROM listings WHERE status <> 'APPROVED');
