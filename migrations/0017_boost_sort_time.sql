-- #18 (decision 014): newest-first reads the ad's listing time, coalesce(bumped_at, created_at).
-- BOOST sets bumped_at and no longer re-dates created_at (the real posting time stays).
-- A VIRTUAL generated column costs no storage; the newest-first indexes are rebuilt on it
-- (same names, so the INDEXED BY hints of the search keep working).
ALTER TABLE listings ADD COLUMN sort_at INTEGER GENERATED ALWAYS AS (coalesce(bumped_at, created_at)) VIRTUAL;
-- ads boosted before this migration were re-dated: their created_at was the bump time
UPDATE listings SET created_at = coalesce((SELECT a.created_at FROM ad_postings a WHERE a.listing_id = listings.id), created_at) WHERE bumped_at IS NOT NULL;
DROP INDEX IF EXISTS listings_status_created;
CREATE INDEX listings_status_created ON listings (status, sort_at);
DROP INDEX IF EXISTS listings_featured_created;
CREATE INDEX listings_featured_created ON listings (status, is_featured, sort_at);
DROP INDEX IF EXISTS listings_cat_created;
CREATE INDEX listings_cat_created ON listings (status, category_id, sort_at);
DROP INDEX IF EXISTS listings_sub_created;
CREATE INDEX listings_sub_created ON listings (status, subcategory_id, sort_at);
DROP INDEX IF EXISTS listings_sub_brand;
CREATE INDEX listings_sub_brand ON listings (status, subcategory_id, brand, sort_at);
DROP INDEX IF EXISTS listings_state_created;
CREATE INDEX listings_state_created ON listings (status, state_id, sort_at);
DROP INDEX IF EXISTS listings_city_created;
CREATE INDEX listings_city_created ON listings (status, city_id, sort_at);
DROP INDEX IF EXISTS listings_area_created;
CREATE INDEX listings_area_created ON listings (status, area_id, sort_at);
DROP INDEX IF EXISTS listings_city_cat;
CREATE INDEX listings_city_cat ON listings (status, city_id, category_id, sort_at);
