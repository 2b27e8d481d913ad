-- Live featured ads by category, newest first (decision 023): a category's first page chooses its
-- pins among its newest 60 live featured ads. Walking every live featured ad of the country
-- (listings_featured_created) and skipping the other categories' read ~4,900 rows a page at 100k
-- ads; this index holds the live featured ads alone, so the walk reads the 60 it keeps. Partial on
-- both terms so that no other query can use it: only the candidates' statement says
-- `status = 'APPROVED' AND is_featured = 1` (and names it with INDEXED BY). Small: featured ads are
-- a few percent of the live ones.
CREATE INDEX `listings_featured_cat` ON `listings` (`category_id`, `sort_at`) WHERE `status` = 'APPROVED' AND `is_featured` = 1;
