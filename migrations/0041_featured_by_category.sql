-- Live featured ads by category and by subcategory, newest first (decision 023): a category's or a
-- subcategory's first page chooses its pins among its newest 60 live featured ads. Walking every
-- live featured ad of the country (listings_featured_created) and skipping the others read ~4,600
-- rows a page at 100k ads; these indexes hold the live featured ads alone, so the walk reads the 60
-- it keeps. Partial on both terms so that no other statement can use them: only the candidates'
-- statement says `status = 'APPROVED' AND is_featured = 1` (and names them with INDEXED BY). Small:
-- featured ads are a few percent of the live ones.
CREATE INDEX `listings_featured_cat` ON `listings` (`category_id`, `sort_at`) WHERE `status` = 'APPROVED' AND `is_featured` = 1;
--> statement-breakpoint
CREATE INDEX `listings_featured_sub` ON `listings` (`subcategory_id`, `sort_at`) WHERE `status` = 'APPROVED' AND `is_featured` = 1;
