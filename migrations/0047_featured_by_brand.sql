-- A subcategory's live featured ads of one brand, newest first: the featured candidates of a
-- "subcategory + brand" page. Without it the candidates walk the brand's own index
-- (listings_sub_brand) newest first over every live ad of that brand, skipping the plain ones until
-- 60 featured are found: about 990 rows read at 1M ads in each listings database asked (decision
-- 033). Partial on both terms, like listings_featured_cat and _sub (migration 0041), so no other
-- statement can use it; small, as featured ads are a few percent of the live ones. IF NOT EXISTS:
-- a benchmark state may already hold it under this file's number if the file is renumbered.
CREATE INDEX IF NOT EXISTS `listings_featured_brand` ON `listings` (`subcategory_id`, `brand`, `sort_at`) WHERE `status` = 'APPROVED' AND `is_featured` = 1;
