-- Seller packages and free-ad limits (#18, decision 007). Reference data: prices in paise, before GST.
-- Generated once from the table in docs/decisions/007-seller-packages.md; edit here (or later through an admin), reviewed like code.

CREATE TABLE seller_packages (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,                  -- FEATURED | BOOST | AD_SLOTS
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  price_minor INTEGER NOT NULL,        -- before GST
  currency TEXT NOT NULL DEFAULT 'INR',
  validity_days INTEGER NOT NULL,      -- FEATURED: days the ad stays featured; AD_SLOTS/BOOST: days to use them
  quantity INTEGER NOT NULL,           -- ads (AD_SLOTS), boosts (BOOST), featured ads (FEATURED) per pack
  use_within_days INTEGER NOT NULL,    -- the pack must be used within this many days of payment
  category_id TEXT NOT NULL,
  subcategory_id TEXT,                 -- NULL: the whole category (its limit group)
  position INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
--> statement-breakpoint
CREATE INDEX seller_packages_group ON seller_packages (category_id, subcategory_id, is_active, position);
--> statement-breakpoint
-- Free ads per limit group: a subcategory id (its own group) or a top category id (every subcategory without its own row).
CREATE TABLE free_ad_limits (
  limit_key TEXT PRIMARY KEY NOT NULL,
  free_ads INTEGER NOT NULL,
  period_days INTEGER NOT NULL
);
--> statement-breakpoint
-- One row per ad ever posted, kept when the ad is deleted, so deleting and re-posting does not renew the free ad.
CREATE TABLE ad_postings (
  listing_id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  limit_key TEXT NOT NULL,
  credit_id TEXT,                      -- the paid slot it used; NULL = a free ad
  created_at INTEGER NOT NULL
);
--> statement-breakpoint
CREATE INDEX ad_postings_user_group ON ad_postings (user_id, limit_key, created_at);
--> statement-breakpoint
CREATE INDEX ad_postings_credit ON ad_postings (credit_id);
--> statement-breakpoint
-- What a paid order granted: quantity units of one package, usable until expires_at.
CREATE TABLE seller_credits (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  package_id TEXT NOT NULL,
  type TEXT NOT NULL,
  limit_key TEXT NOT NULL,
  category_id TEXT NOT NULL,
  subcategory_id TEXT,
  quantity INTEGER NOT NULL,
  validity_days INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX seller_credits_order_package ON seller_credits (order_id, package_id);
--> statement-breakpoint
CREATE INDEX seller_credits_user ON seller_credits (user_id, type, limit_key, expires_at);
--> statement-breakpoint
-- Featured and boost applied to an ad, each using one unit of a credit.
CREATE TABLE listing_promotions (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  credit_id TEXT NOT NULL,
  type TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER,
  created_at INTEGER NOT NULL
);
--> statement-breakpoint
CREATE INDEX listing_promotions_credit ON listing_promotions (credit_id);
--> statement-breakpoint
CREATE INDEX listing_promotions_listing ON listing_promotions (listing_id, type);
--> statement-breakpoint
CREATE TABLE business_orders (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_order_id TEXT NOT NULL,
  items TEXT NOT NULL,                 -- JSON: [{packageId, name, type, quantity, unitPrice, amount}] priced by the server
  subtotal_minor INTEGER NOT NULL,
  gst_minor INTEGER NOT NULL,
  total_minor INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'INR',
  status TEXT NOT NULL DEFAULT 'CREATED', -- CREATED | PAID
  provider_payment_id TEXT,
  invoice_number TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
--> statement-breakpoint
CREATE UNIQUE INDEX business_orders_provider_unique ON business_orders (provider_order_id);
--> statement-breakpoint
CREATE UNIQUE INDEX business_orders_invoice_unique ON business_orders (invoice_number);
--> statement-breakpoint
CREATE INDEX business_orders_user ON business_orders (user_id, created_at);
--> statement-breakpoint
-- Gap-free invoice series per financial year (April–March).
CREATE TABLE invoice_counters (
  financial_year TEXT PRIMARY KEY NOT NULL,
  last_number INTEGER NOT NULL
);
--> statement-breakpoint
CREATE TABLE cart_items (
  user_id TEXT NOT NULL,
  package_id TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, package_id)
);
--> statement-breakpoint
ALTER TABLE listings ADD COLUMN featured_until INTEGER;
--> statement-breakpoint
ALTER TABLE listings ADD COLUMN bumped_at INTEGER;
--> statement-breakpoint
INSERT INTO free_ad_limits (limit_key, free_ads, period_days) VALUES
('vehicles-cars', 1, 365),
('vehicles-commercial-vehicles', 1, 180),
('vehicles', 3, 30),
('properties', 1, 90),
('properties-rentals', 2, 30),
('electronics-smartphones', 3, 30),
('electronics', 5, 30),
('jobs', 2, 30),
('sports', 10, 30),
('home-and-garden', 10, 30),
('fashion', 10, 30),
('books-and-media', 10, 30),
('pets', 5, 30),
('services', 3, 30);
--> statement-breakpoint
INSERT INTO seller_packages (id, type, name, description, price_minor, currency, validity_days, quantity, use_within_days, category_id, subcategory_id, position, is_active, created_at, updated_at) VALUES
('featured-7d-vehicles-cars', 'FEATURED', 'Featured ad for 7 days · Cars', 'Your ad shows with the FEATURED badge above plain ads in Cars and on the home page for 7 days.', 69900, 'INR', 7, 1, 30, 'vehicles', 'vehicles-cars', 0, 1, 1795400000000, 1795400000000),
('featured-15d-vehicles-cars', 'FEATURED', 'Featured ad for 15 days · Cars', 'Your ad shows with the FEATURED badge above plain ads in Cars and on the home page for 15 days.', 119900, 'INR', 15, 1, 30, 'vehicles', 'vehicles-cars', 1, 1, 1795400000000, 1795400000000),
('featured-30d-vehicles-cars', 'FEATURED', 'Featured ad for 30 days · Cars', 'Your ad shows with the FEATURED badge above plain ads in Cars and on the home page for 30 days.', 199900, 'INR', 30, 1, 30, 'vehicles', 'vehicles-cars', 2, 1, 1795400000000, 1795400000000),
('boost-1-vehicles-cars', 'BOOST', 'Boost to top · Cars', 'Your ad goes back to the top of the newest ads in Cars once.', 19900, 'INR', 30, 1, 30, 'vehicles', 'vehicles-cars', 3, 1, 1795400000000, 1795400000000),
('boost-3-vehicles-cars', 'BOOST', '3 boosts to top · Cars', 'Send an ad back to the top of the newest ads in Cars 3 times, whenever you choose.', 49900, 'INR', 30, 3, 30, 'vehicles', 'vehicles-cars', 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-vehicles-cars', 'AD_SLOTS', '1 extra ad · Cars', 'Post one more ad in Cars beyond the free limit, within 30 days of buying.', 39900, 'INR', 30, 1, 30, 'vehicles', 'vehicles-cars', 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-vehicles-cars', 'AD_SLOTS', '5 extra ads · Cars', 'Post 5 more ads in Cars beyond the free limit, within 30 days of buying.', 169900, 'INR', 30, 5, 30, 'vehicles', 'vehicles-cars', 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-vehicles-cars', 'AD_SLOTS', '10 extra ads · Cars', 'Post 10 more ads in Cars beyond the free limit, within 30 days of buying.', 299900, 'INR', 30, 10, 30, 'vehicles', 'vehicles-cars', 7, 1, 1795400000000, 1795400000000),
('featured-7d-vehicles-commercial-vehicles', 'FEATURED', 'Featured ad for 7 days · Commercial Vehicles', 'Your ad shows with the FEATURED badge above plain ads in Commercial Vehicles and on the home page for 7 days.', 69900, 'INR', 7, 1, 30, 'vehicles', 'vehicles-commercial-vehicles', 0, 1, 1795400000000, 1795400000000),
('featured-15d-vehicles-commercial-vehicles', 'FEATURED', 'Featured ad for 15 days · Commercial Vehicles', 'Your ad shows with the FEATURED badge above plain ads in Commercial Vehicles and on the home page for 15 days.', 119900, 'INR', 15, 1, 30, 'vehicles', 'vehicles-commercial-vehicles', 1, 1, 1795400000000, 1795400000000),
('featured-30d-vehicles-commercial-vehicles', 'FEATURED', 'Featured ad for 30 days · Commercial Vehicles', 'Your ad shows with the FEATURED badge above plain ads in Commercial Vehicles and on the home page for 30 days.', 199900, 'INR', 30, 1, 30, 'vehicles', 'vehicles-commercial-vehicles', 2, 1, 1795400000000, 1795400000000),
('boost-1-vehicles-commercial-vehicles', 'BOOST', 'Boost to top · Commercial Vehicles', 'Your ad goes back to the top of the newest ads in Commercial Vehicles once.', 19900, 'INR', 30, 1, 30, 'vehicles', 'vehicles-commercial-vehicles', 3, 1, 1795400000000, 1795400000000),
('boost-3-vehicles-commercial-vehicles', 'BOOST', '3 boosts to top · Commercial Vehicles', 'Send an ad back to the top of the newest ads in Commercial Vehicles 3 times, whenever you choose.', 49900, 'INR', 30, 3, 30, 'vehicles', 'vehicles-commercial-vehicles', 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-vehicles-commercial-vehicles', 'AD_SLOTS', '1 extra ad · Commercial Vehicles', 'Post one more ad in Commercial Vehicles beyond the free limit, within 30 days of buying.', 39900, 'INR', 30, 1, 30, 'vehicles', 'vehicles-commercial-vehicles', 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-vehicles-commercial-vehicles', 'AD_SLOTS', '5 extra ads · Commercial Vehicles', 'Post 5 more ads in Commercial Vehicles beyond the free limit, within 30 days of buying.', 169900, 'INR', 30, 5, 30, 'vehicles', 'vehicles-commercial-vehicles', 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-vehicles-commercial-vehicles', 'AD_SLOTS', '10 extra ads · Commercial Vehicles', 'Post 10 more ads in Commercial Vehicles beyond the free limit, within 30 days of buying.', 299900, 'INR', 30, 10, 30, 'vehicles', 'vehicles-commercial-vehicles', 7, 1, 1795400000000, 1795400000000),
('featured-7d-vehicles', 'FEATURED', 'Featured ad for 7 days · Vehicles', 'Your ad shows with the FEATURED badge above plain ads in Vehicles and on the home page for 7 days.', 29900, 'INR', 7, 1, 30, 'vehicles', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-vehicles', 'FEATURED', 'Featured ad for 15 days · Vehicles', 'Your ad shows with the FEATURED badge above plain ads in Vehicles and on the home page for 15 days.', 49900, 'INR', 15, 1, 30, 'vehicles', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-vehicles', 'FEATURED', 'Featured ad for 30 days · Vehicles', 'Your ad shows with the FEATURED badge above plain ads in Vehicles and on the home page for 30 days.', 79900, 'INR', 30, 1, 30, 'vehicles', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-vehicles', 'BOOST', 'Boost to top · Vehicles', 'Your ad goes back to the top of the newest ads in Vehicles once.', 9900, 'INR', 30, 1, 30, 'vehicles', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-vehicles', 'BOOST', '3 boosts to top · Vehicles', 'Send an ad back to the top of the newest ads in Vehicles 3 times, whenever you choose.', 24900, 'INR', 30, 3, 30, 'vehicles', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-vehicles', 'AD_SLOTS', '1 extra ad · Vehicles', 'Post one more ad in Vehicles beyond the free limit, within 30 days of buying.', 14900, 'INR', 30, 1, 30, 'vehicles', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-vehicles', 'AD_SLOTS', '5 extra ads · Vehicles', 'Post 5 more ads in Vehicles beyond the free limit, within 30 days of buying.', 59900, 'INR', 30, 5, 30, 'vehicles', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-vehicles', 'AD_SLOTS', '10 extra ads · Vehicles', 'Post 10 more ads in Vehicles beyond the free limit, within 30 days of buying.', 99900, 'INR', 30, 10, 30, 'vehicles', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-properties', 'FEATURED', 'Featured ad for 7 days · Properties', 'Your ad shows with the FEATURED badge above plain ads in Properties and on the home page for 7 days.', 69900, 'INR', 7, 1, 30, 'properties', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-properties', 'FEATURED', 'Featured ad for 15 days · Properties', 'Your ad shows with the FEATURED badge above plain ads in Properties and on the home page for 15 days.', 119900, 'INR', 15, 1, 30, 'properties', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-properties', 'FEATURED', 'Featured ad for 30 days · Properties', 'Your ad shows with the FEATURED badge above plain ads in Properties and on the home page for 30 days.', 199900, 'INR', 30, 1, 30, 'properties', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-properties', 'BOOST', 'Boost to top · Properties', 'Your ad goes back to the top of the newest ads in Properties once.', 19900, 'INR', 30, 1, 30, 'properties', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-properties', 'BOOST', '3 boosts to top · Properties', 'Send an ad back to the top of the newest ads in Properties 3 times, whenever you choose.', 49900, 'INR', 30, 3, 30, 'properties', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-properties', 'AD_SLOTS', '1 extra ad · Properties', 'Post one more ad in Properties beyond the free limit, within 30 days of buying.', 39900, 'INR', 30, 1, 30, 'properties', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-properties', 'AD_SLOTS', '5 extra ads · Properties', 'Post 5 more ads in Properties beyond the free limit, within 30 days of buying.', 169900, 'INR', 30, 5, 30, 'properties', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-properties', 'AD_SLOTS', '10 extra ads · Properties', 'Post 10 more ads in Properties beyond the free limit, within 30 days of buying.', 299900, 'INR', 30, 10, 30, 'properties', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-properties-rentals', 'FEATURED', 'Featured ad for 7 days · Rentals', 'Your ad shows with the FEATURED badge above plain ads in Rentals and on the home page for 7 days.', 29900, 'INR', 7, 1, 30, 'properties', 'properties-rentals', 0, 1, 1795400000000, 1795400000000),
('featured-15d-properties-rentals', 'FEATURED', 'Featured ad for 15 days · Rentals', 'Your ad shows with the FEATURED badge above plain ads in Rentals and on the home page for 15 days.', 49900, 'INR', 15, 1, 30, 'properties', 'properties-rentals', 1, 1, 1795400000000, 1795400000000),
('featured-30d-properties-rentals', 'FEATURED', 'Featured ad for 30 days · Rentals', 'Your ad shows with the FEATURED badge above plain ads in Rentals and on the home page for 30 days.', 79900, 'INR', 30, 1, 30, 'properties', 'properties-rentals', 2, 1, 1795400000000, 1795400000000),
('boost-1-properties-rentals', 'BOOST', 'Boost to top · Rentals', 'Your ad goes back to the top of the newest ads in Rentals once.', 9900, 'INR', 30, 1, 30, 'properties', 'properties-rentals', 3, 1, 1795400000000, 1795400000000),
('boost-3-properties-rentals', 'BOOST', '3 boosts to top · Rentals', 'Send an ad back to the top of the newest ads in Rentals 3 times, whenever you choose.', 24900, 'INR', 30, 3, 30, 'properties', 'properties-rentals', 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-properties-rentals', 'AD_SLOTS', '1 extra ad · Rentals', 'Post one more ad in Rentals beyond the free limit, within 30 days of buying.', 14900, 'INR', 30, 1, 30, 'properties', 'properties-rentals', 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-properties-rentals', 'AD_SLOTS', '5 extra ads · Rentals', 'Post 5 more ads in Rentals beyond the free limit, within 30 days of buying.', 59900, 'INR', 30, 5, 30, 'properties', 'properties-rentals', 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-properties-rentals', 'AD_SLOTS', '10 extra ads · Rentals', 'Post 10 more ads in Rentals beyond the free limit, within 30 days of buying.', 99900, 'INR', 30, 10, 30, 'properties', 'properties-rentals', 7, 1, 1795400000000, 1795400000000),
('featured-7d-electronics-smartphones', 'FEATURED', 'Featured ad for 7 days · Smartphones', 'Your ad shows with the FEATURED badge above plain ads in Smartphones and on the home page for 7 days.', 29900, 'INR', 7, 1, 30, 'electronics', 'electronics-smartphones', 0, 1, 1795400000000, 1795400000000),
('featured-15d-electronics-smartphones', 'FEATURED', 'Featured ad for 15 days · Smartphones', 'Your ad shows with the FEATURED badge above plain ads in Smartphones and on the home page for 15 days.', 49900, 'INR', 15, 1, 30, 'electronics', 'electronics-smartphones', 1, 1, 1795400000000, 1795400000000),
('featured-30d-electronics-smartphones', 'FEATURED', 'Featured ad for 30 days · Smartphones', 'Your ad shows with the FEATURED badge above plain ads in Smartphones and on the home page for 30 days.', 79900, 'INR', 30, 1, 30, 'electronics', 'electronics-smartphones', 2, 1, 1795400000000, 1795400000000),
('boost-1-electronics-smartphones', 'BOOST', 'Boost to top · Smartphones', 'Your ad goes back to the top of the newest ads in Smartphones once.', 9900, 'INR', 30, 1, 30, 'electronics', 'electronics-smartphones', 3, 1, 1795400000000, 1795400000000),
('boost-3-electronics-smartphones', 'BOOST', '3 boosts to top · Smartphones', 'Send an ad back to the top of the newest ads in Smartphones 3 times, whenever you choose.', 24900, 'INR', 30, 3, 30, 'electronics', 'electronics-smartphones', 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-electronics-smartphones', 'AD_SLOTS', '1 extra ad · Smartphones', 'Post one more ad in Smartphones beyond the free limit, within 30 days of buying.', 14900, 'INR', 30, 1, 30, 'electronics', 'electronics-smartphones', 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-electronics-smartphones', 'AD_SLOTS', '5 extra ads · Smartphones', 'Post 5 more ads in Smartphones beyond the free limit, within 30 days of buying.', 59900, 'INR', 30, 5, 30, 'electronics', 'electronics-smartphones', 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-electronics-smartphones', 'AD_SLOTS', '10 extra ads · Smartphones', 'Post 10 more ads in Smartphones beyond the free limit, within 30 days of buying.', 99900, 'INR', 30, 10, 30, 'electronics', 'electronics-smartphones', 7, 1, 1795400000000, 1795400000000),
('featured-7d-electronics', 'FEATURED', 'Featured ad for 7 days · Electronics', 'Your ad shows with the FEATURED badge above plain ads in Electronics and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'electronics', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-electronics', 'FEATURED', 'Featured ad for 15 days · Electronics', 'Your ad shows with the FEATURED badge above plain ads in Electronics and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'electronics', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-electronics', 'FEATURED', 'Featured ad for 30 days · Electronics', 'Your ad shows with the FEATURED badge above plain ads in Electronics and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'electronics', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-electronics', 'BOOST', 'Boost to top · Electronics', 'Your ad goes back to the top of the newest ads in Electronics once.', 4900, 'INR', 30, 1, 30, 'electronics', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-electronics', 'BOOST', '3 boosts to top · Electronics', 'Send an ad back to the top of the newest ads in Electronics 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'electronics', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-electronics', 'AD_SLOTS', '1 extra ad · Electronics', 'Post one more ad in Electronics beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'electronics', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-electronics', 'AD_SLOTS', '5 extra ads · Electronics', 'Post 5 more ads in Electronics beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'electronics', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-electronics', 'AD_SLOTS', '10 extra ads · Electronics', 'Post 10 more ads in Electronics beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'electronics', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-jobs', 'FEATURED', 'Featured ad for 7 days · Jobs', 'Your ad shows with the FEATURED badge above plain ads in Jobs and on the home page for 7 days.', 29900, 'INR', 7, 1, 30, 'jobs', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-jobs', 'FEATURED', 'Featured ad for 15 days · Jobs', 'Your ad shows with the FEATURED badge above plain ads in Jobs and on the home page for 15 days.', 49900, 'INR', 15, 1, 30, 'jobs', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-jobs', 'FEATURED', 'Featured ad for 30 days · Jobs', 'Your ad shows with the FEATURED badge above plain ads in Jobs and on the home page for 30 days.', 79900, 'INR', 30, 1, 30, 'jobs', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-jobs', 'BOOST', 'Boost to top · Jobs', 'Your ad goes back to the top of the newest ads in Jobs once.', 9900, 'INR', 30, 1, 30, 'jobs', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-jobs', 'BOOST', '3 boosts to top · Jobs', 'Send an ad back to the top of the newest ads in Jobs 3 times, whenever you choose.', 24900, 'INR', 30, 3, 30, 'jobs', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-jobs', 'AD_SLOTS', '1 extra ad · Jobs', 'Post one more ad in Jobs beyond the free limit, within 30 days of buying.', 14900, 'INR', 30, 1, 30, 'jobs', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-jobs', 'AD_SLOTS', '5 extra ads · Jobs', 'Post 5 more ads in Jobs beyond the free limit, within 30 days of buying.', 59900, 'INR', 30, 5, 30, 'jobs', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-jobs', 'AD_SLOTS', '10 extra ads · Jobs', 'Post 10 more ads in Jobs beyond the free limit, within 30 days of buying.', 99900, 'INR', 30, 10, 30, 'jobs', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-sports', 'FEATURED', 'Featured ad for 7 days · Sports', 'Your ad shows with the FEATURED badge above plain ads in Sports and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'sports', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-sports', 'FEATURED', 'Featured ad for 15 days · Sports', 'Your ad shows with the FEATURED badge above plain ads in Sports and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'sports', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-sports', 'FEATURED', 'Featured ad for 30 days · Sports', 'Your ad shows with the FEATURED badge above plain ads in Sports and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'sports', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-sports', 'BOOST', 'Boost to top · Sports', 'Your ad goes back to the top of the newest ads in Sports once.', 4900, 'INR', 30, 1, 30, 'sports', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-sports', 'BOOST', '3 boosts to top · Sports', 'Send an ad back to the top of the newest ads in Sports 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'sports', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-sports', 'AD_SLOTS', '1 extra ad · Sports', 'Post one more ad in Sports beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'sports', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-sports', 'AD_SLOTS', '5 extra ads · Sports', 'Post 5 more ads in Sports beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'sports', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-sports', 'AD_SLOTS', '10 extra ads · Sports', 'Post 10 more ads in Sports beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'sports', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-home-and-garden', 'FEATURED', 'Featured ad for 7 days · Home & Garden', 'Your ad shows with the FEATURED badge above plain ads in Home & Garden and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'home-and-garden', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-home-and-garden', 'FEATURED', 'Featured ad for 15 days · Home & Garden', 'Your ad shows with the FEATURED badge above plain ads in Home & Garden and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'home-and-garden', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-home-and-garden', 'FEATURED', 'Featured ad for 30 days · Home & Garden', 'Your ad shows with the FEATURED badge above plain ads in Home & Garden and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'home-and-garden', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-home-and-garden', 'BOOST', 'Boost to top · Home & Garden', 'Your ad goes back to the top of the newest ads in Home & Garden once.', 4900, 'INR', 30, 1, 30, 'home-and-garden', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-home-and-garden', 'BOOST', '3 boosts to top · Home & Garden', 'Send an ad back to the top of the newest ads in Home & Garden 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'home-and-garden', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-home-and-garden', 'AD_SLOTS', '1 extra ad · Home & Garden', 'Post one more ad in Home & Garden beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'home-and-garden', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-home-and-garden', 'AD_SLOTS', '5 extra ads · Home & Garden', 'Post 5 more ads in Home & Garden beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'home-and-garden', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-home-and-garden', 'AD_SLOTS', '10 extra ads · Home & Garden', 'Post 10 more ads in Home & Garden beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'home-and-garden', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-fashion', 'FEATURED', 'Featured ad for 7 days · Fashion', 'Your ad shows with the FEATURED badge above plain ads in Fashion and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'fashion', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-fashion', 'FEATURED', 'Featured ad for 15 days · Fashion', 'Your ad shows with the FEATURED badge above plain ads in Fashion and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'fashion', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-fashion', 'FEATURED', 'Featured ad for 30 days · Fashion', 'Your ad shows with the FEATURED badge above plain ads in Fashion and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'fashion', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-fashion', 'BOOST', 'Boost to top · Fashion', 'Your ad goes back to the top of the newest ads in Fashion once.', 4900, 'INR', 30, 1, 30, 'fashion', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-fashion', 'BOOST', '3 boosts to top · Fashion', 'Send an ad back to the top of the newest ads in Fashion 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'fashion', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-fashion', 'AD_SLOTS', '1 extra ad · Fashion', 'Post one more ad in Fashion beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'fashion', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-fashion', 'AD_SLOTS', '5 extra ads · Fashion', 'Post 5 more ads in Fashion beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'fashion', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-fashion', 'AD_SLOTS', '10 extra ads · Fashion', 'Post 10 more ads in Fashion beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'fashion', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-books-and-media', 'FEATURED', 'Featured ad for 7 days · Books & Media', 'Your ad shows with the FEATURED badge above plain ads in Books & Media and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'books-and-media', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-books-and-media', 'FEATURED', 'Featured ad for 15 days · Books & Media', 'Your ad shows with the FEATURED badge above plain ads in Books & Media and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'books-and-media', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-books-and-media', 'FEATURED', 'Featured ad for 30 days · Books & Media', 'Your ad shows with the FEATURED badge above plain ads in Books & Media and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'books-and-media', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-books-and-media', 'BOOST', 'Boost to top · Books & Media', 'Your ad goes back to the top of the newest ads in Books & Media once.', 4900, 'INR', 30, 1, 30, 'books-and-media', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-books-and-media', 'BOOST', '3 boosts to top · Books & Media', 'Send an ad back to the top of the newest ads in Books & Media 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'books-and-media', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-books-and-media', 'AD_SLOTS', '1 extra ad · Books & Media', 'Post one more ad in Books & Media beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'books-and-media', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-books-and-media', 'AD_SLOTS', '5 extra ads · Books & Media', 'Post 5 more ads in Books & Media beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'books-and-media', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-books-and-media', 'AD_SLOTS', '10 extra ads · Books & Media', 'Post 10 more ads in Books & Media beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'books-and-media', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-pets', 'FEATURED', 'Featured ad for 7 days · Pets', 'Your ad shows with the FEATURED badge above plain ads in Pets and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'pets', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-pets', 'FEATURED', 'Featured ad for 15 days · Pets', 'Your ad shows with the FEATURED badge above plain ads in Pets and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'pets', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-pets', 'FEATURED', 'Featured ad for 30 days · Pets', 'Your ad shows with the FEATURED badge above plain ads in Pets and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'pets', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-pets', 'BOOST', 'Boost to top · Pets', 'Your ad goes back to the top of the newest ads in Pets once.', 4900, 'INR', 30, 1, 30, 'pets', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-pets', 'BOOST', '3 boosts to top · Pets', 'Send an ad back to the top of the newest ads in Pets 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'pets', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-pets', 'AD_SLOTS', '1 extra ad · Pets', 'Post one more ad in Pets beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'pets', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-pets', 'AD_SLOTS', '5 extra ads · Pets', 'Post 5 more ads in Pets beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'pets', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-pets', 'AD_SLOTS', '10 extra ads · Pets', 'Post 10 more ads in Pets beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'pets', NULL, 7, 1, 1795400000000, 1795400000000),
('featured-7d-services', 'FEATURED', 'Featured ad for 7 days · Services', 'Your ad shows with the FEATURED badge above plain ads in Services and on the home page for 7 days.', 14900, 'INR', 7, 1, 30, 'services', NULL, 0, 1, 1795400000000, 1795400000000),
('featured-15d-services', 'FEATURED', 'Featured ad for 15 days · Services', 'Your ad shows with the FEATURED badge above plain ads in Services and on the home page for 15 days.', 24900, 'INR', 15, 1, 30, 'services', NULL, 1, 1, 1795400000000, 1795400000000),
('featured-30d-services', 'FEATURED', 'Featured ad for 30 days · Services', 'Your ad shows with the FEATURED badge above plain ads in Services and on the home page for 30 days.', 39900, 'INR', 30, 1, 30, 'services', NULL, 2, 1, 1795400000000, 1795400000000),
('boost-1-services', 'BOOST', 'Boost to top · Services', 'Your ad goes back to the top of the newest ads in Services once.', 4900, 'INR', 30, 1, 30, 'services', NULL, 3, 1, 1795400000000, 1795400000000),
('boost-3-services', 'BOOST', '3 boosts to top · Services', 'Send an ad back to the top of the newest ads in Services 3 times, whenever you choose.', 12900, 'INR', 30, 3, 30, 'services', NULL, 4, 1, 1795400000000, 1795400000000),
('ad-slots-1-services', 'AD_SLOTS', '1 extra ad · Services', 'Post one more ad in Services beyond the free limit, within 30 days of buying.', 4900, 'INR', 30, 1, 30, 'services', NULL, 5, 1, 1795400000000, 1795400000000),
('ad-slots-5-services', 'AD_SLOTS', '5 extra ads · Services', 'Post 5 more ads in Services beyond the free limit, within 30 days of buying.', 19900, 'INR', 30, 5, 30, 'services', NULL, 6, 1, 1795400000000, 1795400000000),
('ad-slots-10-services', 'AD_SLOTS', '10 extra ads · Services', 'Post 10 more ads in Services beyond the free limit, within 30 days of buying.', 34900, 'INR', 30, 10, 30, 'services', NULL, 7, 1, 1795400000000, 1795400000000);
