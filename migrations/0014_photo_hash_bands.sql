-- Duplicate-photo detection (issue 20, docs/decisions/012): the 64-bit dHash in media.phash (hex)
-- plus its four 16-bit bands, each indexed, for the near-neighbour lookup (Hamming <= 6 means one
-- band equal or one bit away). Photos without a hash (WebP, undecodable) have NULL bands.
ALTER TABLE media ADD COLUMN phash_b0 integer;
--> statement-breakpoint
ALTER TABLE media ADD COLUMN phash_b1 integer;
--> statement-breakpoint
ALTER TABLE media ADD COLUMN phash_b2 integer;
--> statement-breakpoint
ALTER TABLE media ADD COLUMN phash_b3 integer;
--> statement-breakpoint
CREATE INDEX media_phash_b0 ON media (phash_b0) WHERE phash_b0 IS NOT NULL;
--> statement-breakpoint
CREATE INDEX media_phash_b1 ON media (phash_b1) WHERE phash_b1 IS NOT NULL;
--> statement-breakpoint
CREATE INDEX media_phash_b2 ON media (phash_b2) WHERE phash_b2 IS NOT NULL;
--> statement-breakpoint
CREATE INDEX media_phash_b3 ON media (phash_b3) WHERE phash_b3 IS NOT NULL;
