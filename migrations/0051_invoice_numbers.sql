-- Which order took each GST invoice number (decision 034). With several accounts databases a seller's
-- package orders and their credits leave the core for the seller's accounts database, but the
-- gapless counter (`invoice_counters`, one row per financial year) stays in the core. The number is
-- taken here, in the counter's own batch, together with this row naming the order: from then on the
-- number belongs to that order even if the second step (the order marked paid in the seller's
-- database) never ran, and that step is retried from this row (the webhook's retry, the browser's
-- verify, the every-minute sweep). `settled_at` is set once the order is seen paid with this number.
-- Orders paid while there was one accounts database get their row when they move.
CREATE TABLE `invoice_numbers` (
  `financial_year` text NOT NULL,
  `number` integer NOT NULL,
  `order_id` text NOT NULL,
  `user_id` text NOT NULL,
  `payment_id` text NOT NULL,
  `taken_at` integer NOT NULL,
  `settled_at` integer,
  PRIMARY KEY (`financial_year`, `number`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_numbers_order` ON `invoice_numbers` (`order_id`);
--> statement-breakpoint
CREATE INDEX `invoice_numbers_unsettled` ON `invoice_numbers` (`settled_at`, `taken_at`);
