CREATE TABLE `banner_ads` (
	`id` text PRIMARY KEY NOT NULL,
	`logo` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text NOT NULL,
	`button_text` text NOT NULL,
	`link` text DEFAULT '/premium' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`family` text DEFAULT 'other' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`last_message` text,
	`last_message_at` integer,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`buyer_last_read_seq` integer DEFAULT 0 NOT NULL,
	`seller_last_read_seq` integer DEFAULT 0 NOT NULL,
	`buyer_starred` integer DEFAULT false NOT NULL,
	`seller_starred` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_listing_buyer_unique` ON `chats` (`listing_id`,`buyer_id`);--> statement-breakpoint
CREATE INDEX `chats_buyer_last` ON `chats` (`buyer_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `chats_seller_last` ON `chats` (`seller_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `dev_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `listing_id`)
);
--> statement-breakpoint
CREATE INDEX `favorites_user_created` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_listing` ON `favorites` (`listing_id`);--> statement-breakpoint
CREATE TABLE `listing_views` (
	`listing_id` text NOT NULL,
	`viewer_key` text NOT NULL,
	`day` integer NOT NULL,
	PRIMARY KEY(`listing_id`, `viewer_key`, `day`)
);
--> statement-breakpoint
CREATE TABLE `listings` (
	`num` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`slug` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`condition` text DEFAULT 'USED' NOT NULL,
	`category_id` text NOT NULL,
	`subcategory_id` text,
	`location` text NOT NULL,
	`state_id` integer,
	`city_id` integer,
	`area_id` integer,
	`latitude` real,
	`longitude` real,
	`features` text DEFAULT '{}' NOT NULL,
	`brand` text,
	`status` text DEFAULT 'APPROVED' NOT NULL,
	`reject_reason` text,
	`is_featured` integer DEFAULT false NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listings_id_unique` ON `listings` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `listings_slug_unique` ON `listings` (`slug`);--> statement-breakpoint
CREATE INDEX `listings_user` ON `listings` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_status_created` ON `listings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_status_price` ON `listings` (`status`,`price_minor`);--> statement-breakpoint
CREATE INDEX `listings_status_views` ON `listings` (`status`,`views`);--> statement-breakpoint
CREATE INDEX `listings_status_title` ON `listings` (`status`,`title`);--> statement-breakpoint
CREATE INDEX `listings_featured_created` ON `listings` (`status`,`is_featured`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_cat_created` ON `listings` (`status`,`category_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_cat_price` ON `listings` (`status`,`category_id`,`price_minor`);--> statement-breakpoint
CREATE INDEX `listings_sub_created` ON `listings` (`status`,`subcategory_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_sub_price` ON `listings` (`status`,`subcategory_id`,`price_minor`);--> statement-breakpoint
CREATE INDEX `listings_sub_brand` ON `listings` (`status`,`subcategory_id`,`brand`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_state_created` ON `listings` (`status`,`state_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_city_created` ON `listings` (`status`,`city_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_city_price` ON `listings` (`status`,`city_id`,`price_minor`);--> statement-breakpoint
CREATE INDEX `listings_area_created` ON `listings` (`status`,`area_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_city_cat` ON `listings` (`status`,`city_id`,`category_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_cat_sub` ON `listings` (`status`,`category_id`,`subcategory_id`);--> statement-breakpoint
CREATE INDEX `listings_loc` ON `listings` (`status`,`state_id`,`city_id`,`area_id`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`parent_id` integer,
	`name` text NOT NULL,
	`search_name` text NOT NULL,
	`aliases` text DEFAULT '' NOT NULL,
	`state` text NOT NULL,
	`city` text,
	`latitude` real,
	`longitude` real,
	`population` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `locations_kind_parent` ON `locations` (`kind`,`parent_id`,`name`);--> statement-breakpoint
CREATE INDEX `locations_search` ON `locations` (`search_name`);--> statement-breakpoint
CREATE INDEX `locations_parent` ON `locations` (`parent_id`,`name`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`listing_id` text,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_listing` ON `media` (`listing_id`,`position`);--> statement-breakpoint
CREATE INDEX `media_owner_orphan` ON `media` (`owner_id`,`listing_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_key` ON `media` (`r2_key`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`seq` integer NOT NULL,
	`sender_id` text NOT NULL,
	`content` text NOT NULL,
	`message_type` text DEFAULT 'TEXT' NOT NULL,
	`client_id` text,
	`warning` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_chat_seq_unique` ON `messages` (`chat_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_unique` ON `messages` (`chat_id`,`sender_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`type` text NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`is_read`);--> statement-breakpoint
CREATE TABLE `otp_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`type` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sends` integer DEFAULT 1 NOT NULL,
	`ip` text,
	`expires_at` integer NOT NULL,
	`last_sent_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `otp_phone_created` ON `otp_challenges` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `otp_ip_created` ON `otp_challenges` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`provider_order_id` text,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`package_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_order_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`status` text DEFAULT 'CREATED' NOT NULL,
	`provider_payment_id` text,
	`created_at` integer NOT NULL,
	`paid_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_provider_unique` ON `payment_orders` (`provider_order_id`);--> statement-breakpoint
CREATE INDEX `payment_orders_user` ON `payment_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `phone_access_log` (
	`user_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`period_start` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `listing_id`, `period_start`)
);
--> statement-breakpoint
CREATE TABLE `popular_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`category_id` text,
	`term` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `popular_searches_category` ON `popular_searches` (`category_id`,`position`);--> statement-breakpoint
CREATE TABLE `premium_packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`validity_days` integer NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`phone_numbers_limit` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`package_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`start_date` integer,
	`end_date` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_status` ON `subscriptions` (`user_id`,`status`,`end_date`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`username` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`business_name` text,
	`password_hash` text,
	`phone` text,
	`avatar` text,
	`google_sub` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`phone_verified` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`share_phone` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);