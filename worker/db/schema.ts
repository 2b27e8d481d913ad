/**
 * The whole SEL data model. Times are epoch milliseconds (integers); money is integer minor units
 * (paise); ids are ULIDs unless a table says otherwise. The FTS5 index over listings is hand-written
 * SQL in migrations/ (drizzle-kit does not model virtual tables or triggers).
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () => integer('created_at').notNull();
const updatedAt = () => integer('updated_at').notNull();

// ---------------------------------------------------------------- accounts

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'), // stored lower-cased; unique when present
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    businessName: text('business_name'),
    passwordHash: text('password_hash'),
    phone: text('phone'), // 10-digit Indian mobile number, unique when present
    avatar: text('avatar'),
    googleSub: text('google_sub'),
    isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    phoneVerified: integer('phone_verified', { mode: 'boolean' }).notNull().default(false),
    /** ACTIVE | DEACTIVATED | BLOCKED | DELETED */
    status: text('status').notNull().default('ACTIVE'),
    tokenVersion: integer('token_version').notNull().default(0),
    sharePhone: integer('share_phone', { mode: 'boolean' }).notNull().default(true),
    /** USER | MODERATOR | ADMIN (decision 008): granted with `npm run admin:grant`, read from here on every request */
    role: text('role').notNull().default('USER'),
    banReason: text('ban_reason'),
    bannedAt: integer('banned_at'),
    /** 'en' | 'hi' (decision 010): the language of texts written for the user outside their requests */
    language: text('language').notNull().default('en'),
    /** the seller's live (APPROVED) ads, kept by triggers on listings (migration 0022): every card shows it */
    liveAds: integer('live_ads').notNull().default(0),
    /**
     * with several listings databases, on a listings database's seller card: the seller's live ads in
     * the other listings databases, spread by a job every minute (migration 0049); a card shows the sum
     */
    liveAdsElsewhere: integer('live_ads_elsewhere').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
  ],
);

export const otpChallenges = sqliteTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    /** LOGIN | REGISTER */
    type: text('type').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    ip: text('ip'),
    expiresAt: integer('expires_at').notNull(),
    lastSentAt: integer('last_sent_at').notNull(),
    consumedAt: integer('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_phone_created').on(t.phone, t.createdAt), index('otp_ip_created').on(t.ip, t.createdAt)],
);

/** Messages that would have gone to an SMS or e-mail provider; readable only with DEV_OUTBOX=true. */
export const devOutbox = sqliteTable('dev_outbox', {
  id: text('id').primaryKey(),
  channel: text('channel').notNull(), // sms | email
  recipient: text('recipient').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- catalogue

/** Top-level categories have parentId null; subcategories point at their category. Ids are stable slugs. */
export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** vehicle | property | mobile | other: which post-form field family applies */
    family: text('family').notNull().default('other'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent').on(t.parentId, t.position), uniqueIndex('categories_slug_unique').on(t.slug)],
);

/** India → state → city → area. Ids are integers so listings can index them cheaply. */
export const locations = sqliteTable(
  'locations',
  {
    id: integer('id').primaryKey(),
    /** state | city | area */
    kind: text('kind').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** lower-cased name without punctuation, for prefix search */
    searchName: text('search_name').notNull(),
    /** alternative spellings (e.g. "bangalore" for Bengaluru), space separated, lower-cased */
    aliases: text('aliases').notNull().default(''),
    state: text('state').notNull(),
    city: text('city'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    population: integer('population').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_kind_parent').on(t.kind, t.parentId, t.name),
    index('locations_search').on(t.searchName),
    index('locations_parent').on(t.parentId, t.name),
  ],
);

// ---------------------------------------------------------------- listings

export const listings = sqliteTable(
  'listings',
  {
    /** rowid alias: the FTS5 index keys on it, so it must never change */
    num: integer('num').primaryKey(),
    id: text('id').notNull(),
    slug: text('slug').notNull(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** NEW | USED | REFURBISHED */
    condition: text('condition').notNull().default('USED'),
    categoryId: text('category_id').notNull(),
    subcategoryId: text('subcategory_id'),
    /** display text, e.g. "Koramangala, Bengaluru, Karnataka" */
    location: text('location').notNull(),
    stateId: integer('state_id'),
    cityId: integer('city_id'),
    areaId: integer('area_id'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    /** JSON object of category-specific fields */
    features: text('features').notNull().default('{}'),
    /** lower-cased features.brand, denormalised so brand filters use an index */
    brand: text('brand'),
    /** APPROVED | PENDING (held for review) | REJECTED | SOLD | INACTIVE | EXPIRED (decision 019) */
    status: text('status').notNull().default('APPROVED'),
    rejectReason: text('reject_reason'),
    /** why a PENDING ad is held (REPORTED | DUPLICATE_PHOTOS | ACCOUNT_BANNED); decision 008 */
    heldReason: text('held_reason'),
    heldAt: integer('held_at'),
    /**
     * Reports made before this time never count toward the automatic hold (decision 008): a moderator
     * keeping a reported ad sets it to the end of a pause; an owner's edit ends the pause.
     */
    reportsCountFrom: integer('reports_count_from'),
    /** who to call about this ad (post form: name and phone); never in public features */
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    /** end of a paid FEATURED period; newest-first uses bumpedAt (BOOST) when set (decision 014) */
    featuredUntil: integer('featured_until'),
    bumpedAt: integer('bumped_at'),
    /** (migration 0017, decision 014) the listing time newest-first sorts by, coalesce(bumped_at, created_at); VIRTUAL generated */
    sortAt: integer('sort_at').generatedAlwaysAs(sql`coalesce(bumped_at, created_at)`, { mode: 'virtual' }),
    views: integer('views').notNull().default(0),
    /**
     * (migration 0028, decision 019) when the ad stops being live: the scheduled job turns an APPROVED
     * ad past it into EXPIRED. Null only for rows written by a path that predates expiries (never expire).
     */
    expiresAt: integer('expires_at'),
    /** the last renewal (free, from My Ads) and how many there have been */
    renewedAt: integer('renewed_at'),
    renewals: integer('renewals').notNull().default(0),
    /** the expiry the seller was last reminded of: one reminder per period */
    expiryRemindedFor: integer('expiry_reminded_for'),
    /**
     * (migration 0031, decision 026) the ad's group of comparable ads for price guidance, VIRTUAL
     * generated from subcategory, brand and features by priceGroupSql() in
     * worker/schemas/price-guidance-data.ts (the migration holds the full expression)
     */
    priceGroup: text('price_group').generatedAlwaysAs(sql`NULL /* see migrations/0031 */`, { mode: 'virtual' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('listings_id_unique').on(t.id),
    uniqueIndex('listings_slug_unique').on(t.slug),
    index('listings_user').on(t.userId, t.status, t.createdAt),
    index('listings_status_created').on(t.status, t.sortAt),
    index('listings_status_price').on(t.status, t.priceMinor),
    index('listings_status_views').on(t.status, t.views),
    index('listings_status_title').on(t.status, t.title),
    index('listings_featured_created').on(t.status, t.isFeatured, t.sortAt),
    // a category's and a subcategory's featured candidates (migration 0041): partial on both terms, so only that statement can use them
    index('listings_featured_cat').on(t.categoryId, t.sortAt).where(sql`status = 'APPROVED' AND is_featured = 1`),
    index('listings_featured_sub').on(t.subcategoryId, t.sortAt).where(sql`status = 'APPROVED' AND is_featured = 1`),
    // a subcategory's featured candidates of one brand (migration 0047), partial alike
    index('listings_featured_brand').on(t.subcategoryId, t.brand, t.sortAt).where(sql`status = 'APPROVED' AND is_featured = 1`),
    index('listings_cat_created').on(t.status, t.categoryId, t.sortAt),
    index('listings_cat_price').on(t.status, t.categoryId, t.priceMinor),
    index('listings_sub_created').on(t.status, t.subcategoryId, t.sortAt),
    index('listings_sub_price').on(t.status, t.subcategoryId, t.priceMinor),
    index('listings_sub_brand').on(t.status, t.subcategoryId, t.brand, t.sortAt),
    index('listings_state_created').on(t.status, t.stateId, t.sortAt),
    index('listings_city_created').on(t.status, t.cityId, t.sortAt),
    index('listings_city_price').on(t.status, t.cityId, t.priceMinor),
    index('listings_area_created').on(t.status, t.areaId, t.sortAt),
    index('listings_city_cat').on(t.status, t.cityId, t.categoryId, t.sortAt),
    index('listings_city_sub').on(t.status, t.cityId, t.subcategoryId, t.sortAt),
    index('listings_state_sub').on(t.status, t.stateId, t.subcategoryId, t.sortAt),
    // covering indexes for the per-category and per-location counts
    index('listings_cat_sub').on(t.status, t.categoryId, t.subcategoryId),
    index('listings_loc').on(t.status, t.stateId, t.cityId, t.areaId),
    index('listings_held').on(t.status, t.heldAt),
    index('listings_status_expires').on(t.status, t.expiresAt),
    index('listings_user_price').on(t.userId, t.status, t.priceMinor),
    index('listings_price_group_city').on(t.priceGroup, t.cityId, t.status, t.sortAt).where(sql`price_group IS NOT NULL`),
    index('listings_price_group_state').on(t.priceGroup, t.stateId, t.status, t.sortAt).where(sql`price_group IS NOT NULL`),
    index('listings_price_group').on(t.priceGroup, t.status, t.sortAt).where(sql`price_group IS NOT NULL`),
    // the archive job: ended ads by status, longest unchanged first (migration 0030, decision 021)
    index('listings_status_updated').on(t.status, t.updatedAt),
  ],
);

/**
 * Price guidance per group of comparable ads and place (decision 026): the interquartile range and
 * median of the newest comparable live and recently sold ads. scope city | state | india (place 0).
 */
export const priceGuides = sqliteTable(
  'price_guides',
  {
    groupKey: text('group_key').notNull(),
    scope: text('scope').notNull(),
    placeId: integer('place_id').notNull(),
    ads: integer('ads').notNull(),
    lowMinor: integer('low_minor'),
    medianMinor: integer('median_minor'),
    highMinor: integer('high_minor'),
    computedAt: integer('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupKey, t.scope, t.placeId] })],
);

/** Uploaded photos. listingId is null until the photo joins a listing (orphans get cleaned up). */
export const media = sqliteTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    listingId: text('listing_id'),
    r2Key: text('r2_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull().default(0),
    /** READY once its bytes were checked; PENDING while a presigned direct upload is outstanding */
    state: text('state').notNull().default('READY'),
    /** 64-bit perceptual hash (hex) for duplicate-photo detection (decision 012); null until computed */
    phash: text('phash'),
    /** the hash's four 16-bit bands, indexed for the near-neighbour lookup (migration 0014, decision 012) */
    phashB0: integer('phash_b0'),
    phashB1: integer('phash_b1'),
    phashB2: integer('phash_b2'),
    phashB3: integer('phash_b3'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_listing').on(t.listingId, t.position),
    index('media_owner_orphan').on(t.ownerId, t.listingId, t.createdAt),
    index('media_orphans').on(t.listingId, t.createdAt),
    index('media_key').on(t.r2Key),
    index('media_phash_b0').on(t.phashB0).where(sql`phash_b0 IS NOT NULL`),
    index('media_phash_b1').on(t.phashB1).where(sql`phash_b1 IS NOT NULL`),
    index('media_phash_b2').on(t.phashB2).where(sql`phash_b2 IS NOT NULL`),
    index('media_phash_b3').on(t.phashB3).where(sql`phash_b3 IS NOT NULL`),
  ],
);

/**
 * A photo's print (decision 012, "Mirrors, turns, crops and borders", migration 0027): a greyscale
 * thumbnail of its frame with borders trimmed, from which mirrored, turned and cropped copies are
 * verified. Empty when the backfill could not read an older photo.
 */
export const mediaPrints = sqliteTable('media_prints', {
  mediaId: text('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  print: blob('print', { mode: 'buffer' }).notNull(),
  createdAt: integer('created_at').notNull(),
});

/**
 * The duplicate-photo lookup's keys for a hashed photo (migration 0039, decisions 012 and 022): a
 * JSON object of the band values its hash (`plain`, 4 × 17) and its print's turns (`windows`, per
 * group of 8 orientations, 4 bands each) ask the indexes for, computed at upload.
 */
export const mediaLookups = sqliteTable('media_lookups', {
  mediaId: text('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  probes: text('probes').notNull(),
  createdAt: integer('created_at').notNull(),
});

/** dHash of each crop window of a photo's print, in four indexed 16-bit bands (like media.phash). */
export const mediaPrintWindows = sqliteTable(
  'media_print_windows',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    win: integer('win').notNull(),
    hash: text('hash').notNull(),
    b0: integer('b0').notNull(),
    b1: integer('b1').notNull(),
    b2: integer('b2').notNull(),
    b3: integer('b3').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.win] }),
    index('media_print_windows_b0').on(t.b0),
    index('media_print_windows_b1').on(t.b1),
    index('media_print_windows_b2').on(t.b2),
    index('media_print_windows_b3').on(t.b3),
  ],
);

export const favorites = sqliteTable(
  'favorites',
  {
    userId: text('user_id').notNull(),
    listingId: text('listing_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('favorites_user_created').on(t.userId, t.createdAt), index('favorites_listing').on(t.listingId)],
);

/** One row per viewer per listing per day, so a reload loop cannot inflate views. */
export const listingViews = sqliteTable(
  'listing_views',
  {
    listingId: text('listing_id').notNull(),
    viewerKey: text('viewer_key').notNull(),
    day: integer('day').notNull(),
  },
  // listing_views_day (migration 0029): rows of finished days are removed hourly (decision 020)
  (t) => [primaryKey({ columns: [t.listingId, t.viewerKey, t.day] }), index('listing_views_day').on(t.day)],
);

export const popularSearches = sqliteTable(
  'popular_searches',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id'),
    term: text('term').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('popular_searches_category').on(t.categoryId, t.position)],
);

export const bannerAds = sqliteTable('banner_ads', {
  id: text('id').primaryKey(),
  logo: text('logo').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  buttonText: text('button_text').notNull(),
  link: text('link').notNull().default('/premium'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  position: integer('position').notNull().default(0),
});

// ---------------------------------------------------------------- chat and notifications

/** One conversation per listing and buyer. Counters are maintained by the chat room object. */
export const chats = sqliteTable(
  'chats',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    sellerId: text('seller_id').notNull(),
    lastMessage: text('last_message'),
    lastMessageAt: integer('last_message_at'),
    lastSeq: integer('last_seq').notNull().default(0),
    buyerLastReadSeq: integer('buyer_last_read_seq').notNull().default(0),
    sellerLastReadSeq: integer('seller_last_read_seq').notNull().default(0),
    buyerStarred: integer('buyer_starred', { mode: 'boolean' }).notNull().default(false),
    sellerStarred: integer('seller_starred', { mode: 'boolean' }).notNull().default(false),
    /** ms from the buyer's first message to the seller's first answer; kept by a trigger (migration 0031, decision 026) */
    firstReplyMs: integer('first_reply_ms'),
    /**
     * the ad's title, kept when the ad was archived to R2 (migration 0030, decision 021) before the
     * conversations left with their ads (migration 0036): set only on such rows, which the cron removes
     */
    listingTitle: text('listing_title'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chats_listing_buyer_unique').on(t.listingId, t.buyerId),
    index('chats_buyer_last').on(t.buyerId, t.lastMessageAt),
    index('chats_seller_last').on(t.sellerId, t.lastMessageAt),
    index('chats_seller_replied').on(t.sellerId, t.lastMessageAt).where(sql`first_reply_ms IS NOT NULL`),
    // migration 0036: the conversations of ads archived before they left with their ads, found without a scan
    index('chats_archived_ad').on(t.id).where(sql`listing_title IS NOT NULL`),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id').notNull(),
    seq: integer('seq').notNull(),
    senderId: text('sender_id').notNull(),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('TEXT'),
    clientId: text('client_id'),
    warning: text('warning'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('messages_chat_seq_unique').on(t.chatId, t.seq), uniqueIndex('messages_client_unique').on(t.chatId, t.senderId, t.clientId)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** MESSAGE | FAVORITE | LISTING_STATUS | PREMIUM | SYSTEM */
    type: text('type').notNull(),
    data: text('data').notNull().default('{}'),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    readAt: integer('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created').on(t.userId, t.createdAt), index('notifications_user_unread').on(t.userId, t.isRead)],
);

/** Web Push subscriptions (one per browser that said yes); notifications reach closed tabs through them. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** the push service URL the browser gave; unique: a browser re-subscribing replaces its row */
    endpoint: text('endpoint').notNull(),
    /** the browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: integer('last_sent_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);

/**
 * Users with at least one app tab connected to their inbox Durable Object (written by the inbox on
 * first connect / last close). Lets a fan-out skip inboxes nobody is looking at (decision 009).
 */
export const inboxPresence = sqliteTable('inbox_presence', {
  userId: text('user_id').primaryKey(),
  since: integer('since').notNull(),
});

// ---------------------------------------------------------------- premium and payments

export const premiumPackages = sqliteTable('premium_packages', {
  id: text('id').primaryKey(), // basic | pro
  name: text('name').notNull(),
  type: text('type').notNull(), // BASIC | PRO
  description: text('description').notNull(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('INR'),
  validityDays: integer('validity_days').notNull(),
  features: text('features').notNull().default('[]'),
  phoneNumbersLimit: integer('phone_numbers_limit').notNull().default(0),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    packageId: text('package_id').notNull(),
    /** PENDING | ACTIVE | EXPIRED | FAILED */
    status: text('status').notNull().default('PENDING'),
    startDate: integer('start_date'),
    endDate: integer('end_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_status').on(t.userId, t.status, t.endDate)],
);

export const paymentOrders = sqliteTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    packageId: text('package_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** razorpay | local */
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** CREATED | PAID | FAILED */
    status: text('status').notNull().default('CREATED'),
    providerPaymentId: text('provider_payment_id'),
    createdAt: createdAt(),
    paidAt: integer('paid_at'),
  },
  (t) => [uniqueIndex('payment_orders_provider_unique').on(t.providerOrderId), index('payment_orders_user').on(t.userId, t.createdAt)],
);

/** Webhook events, keyed by the provider's event id so duplicates are dropped. */
export const paymentEvents = sqliteTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  providerOrderId: text('provider_order_id'),
  payload: text('payload').notNull(),
  receivedAt: integer('received_at').notNull(),
});

export const phoneAccessLog = sqliteTable(
  'phone_access_log',
  {
    userId: text('user_id').notNull(),
    listingId: text('listing_id').notNull(),
    /** start of the subscription period the access counts against */
    periodStart: integer('period_start').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId, t.periodStart] })],
);


// ---------------------------------------------------------------- sessions

/** One row per issued token (its `sid` claim), so "logout from all devices" can say how many it ended. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_expires').on(t.userId, t.expiresAt)],
);


// ── trust and safety (decision 008) ──

/** One report per account per ad; three open reports from different accounts hold the ad. */
export const listingReports = sqliteTable(
  'listing_reports',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id').notNull(),
    reporterId: text('reporter_id').notNull(),
    /** one of REPORT_REASONS (worker/schemas/trust.ts) */
    reason: text('reason').notNull(),
    details: text('details'),
    /** OPEN | CLOSED (a moderator decided on the ad) */
    status: text('status').notNull().default('OPEN'),
    /** what the report weighs toward the automatic hold, fixed when it is made (REPORTER_STANDINGS, decision 008) */
    weight: integer('weight').notNull().default(0),
    /** the reporter's standing when they reported: UNVERIFIED | NEW | DISTRUSTED | ESTABLISHED | TRUSTED */
    standing: text('standing').notNull().default('UNVERIFIED'),
    /** keyed hash of the reporter's IPv4 address or IPv6 /64; never the address */
    network: text('network'),
    /** UPHELD (ad taken down) | DISMISSED (ad kept); null while open */
    outcome: text('outcome'),
    createdAt: createdAt(),
    closedAt: integer('closed_at'),
  },
  (t) => [
    uniqueIndex('listing_reports_listing_reporter_unique').on(t.listingId, t.reporterId),
    index('listing_reports_status_listing').on(t.status, t.listingId),
    index('listing_reports_reporter').on(t.reporterId, t.createdAt),
    index('listing_reports_reporter_outcome').on(t.reporterId, t.outcome),
  ],
);

/** blocker no longer hears from blocked: no new chats about the blocker's ads, no messages, no notifications. */
export const userBlocks = sqliteTable(
  'user_blocks',
  {
    blockerId: text('blocker_id').notNull(),
    blockedId: text('blocked_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked').on(t.blockedId, t.blockerId)],
);

/** Every moderator action; triggers refuse UPDATE and DELETE (append-only audit log). */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    /** APPROVE | REJECT | BAN | UNBAN */
    action: text('action').notNull(),
    /** LISTING | USER */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created').on(t.createdAt), index('moderation_actions_target').on(t.targetId, t.createdAt)],
);

// ── seller packages (migration 0011, decision 007) ──

export const sellerPackages = sqliteTable(
  'seller_packages',
  {
    id: text('id').primaryKey(),
    /** FEATURED | BOOST | AD_SLOTS */
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** before GST */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    validityDays: integer('validity_days').notNull(),
    quantity: integer('quantity').notNull(),
    useWithinDays: integer('use_within_days').notNull(),
    categoryId: text('category_id').notNull(),
    subcategoryId: text('subcategory_id'),
    position: integer('position').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('seller_packages_group').on(t.categoryId, t.subcategoryId, t.isActive, t.position)],
);

/** Free ads per limit group: a subcategory id, or a top category id for its subcategories without a row. */
export const freeAdLimits = sqliteTable('free_ad_limits', {
  limitKey: text('limit_key').primaryKey(),
  freeAds: integer('free_ads').notNull(),
  periodDays: integer('period_days').notNull(),
});

/**
 * Every ad ever posted (kept after deletion), with the paid slot it used, if any. An ad moved into
 * another limit group, or live again after its posting's period, is posted anew there: one row per
 * ad, group and time (decision 007).
 */
export const adPostings = sqliteTable(
  'ad_postings',
  {
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    limitKey: text('limit_key').notNull(),
    creditId: text('credit_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.limitKey, t.createdAt] }),
    index('ad_postings_user_group').on(t.userId, t.limitKey, t.createdAt),
    index('ad_postings_credit').on(t.creditId),
  ],
);

export const sellerCredits = sqliteTable(
  'seller_credits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    orderId: text('order_id').notNull(),
    packageId: text('package_id').notNull(),
    type: text('type').notNull(),
    limitKey: text('limit_key').notNull(),
    categoryId: text('category_id').notNull(),
    subcategoryId: text('subcategory_id'),
    quantity: integer('quantity').notNull(),
    validityDays: integer('validity_days').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('seller_credits_order_package').on(t.orderId, t.packageId), index('seller_credits_user').on(t.userId, t.type, t.limitKey, t.expiresAt)],
);

export const listingPromotions = sqliteTable(
  'listing_promotions',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    creditId: text('credit_id').notNull(),
    type: text('type').notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('listing_promotions_credit').on(t.creditId), index('listing_promotions_listing').on(t.listingId, t.type)],
);

export const businessOrders = sqliteTable(
  'business_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    /** JSON snapshot of the priced items */
    items: text('items').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    gstMinor: integer('gst_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** CREATED | PAID | REMOVED (an unpaid order taken off My Orders by its buyer; decision 024) */
    status: text('status').notNull().default('CREATED'),
    providerPaymentId: text('provider_payment_id'),
    invoiceNumber: text('invoice_number'),
    createdAt: integer('created_at').notNull(),
    paidAt: integer('paid_at'),
    /** tax invoice (decision 015): the GST state of the buyer, fixed when the invoice is first issued */
    placeOfSupply: text('place_of_supply'),
  },
  (t) => [
    uniqueIndex('business_orders_provider_unique').on(t.providerOrderId),
    uniqueIndex('business_orders_invoice_unique').on(t.invoiceNumber),
    index('business_orders_user').on(t.userId, t.createdAt),
  ],
);

/** Gap-free invoice numbers per financial year (April–March). */
export const invoiceCounters = sqliteTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * (migration 0051) Which order took each invoice number, written in the counter's own batch, when the
 * sellers' orders live in their accounts databases (decision 034): the number is the order's from
 * then on, and marking the order paid in the seller's database is retried from this row.
 */
export const invoiceNumbers = sqliteTable(
  'invoice_numbers',
  {
    financialYear: text('financial_year').notNull(),
    number: integer('number').notNull(),
    orderId: text('order_id').notNull(),
    userId: text('user_id').notNull(),
    paymentId: text('payment_id').notNull(),
    takenAt: integer('taken_at').notNull(),
    /** the order was seen paid with this number in its seller's database */
    settledAt: integer('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.financialYear, t.number] }),
    uniqueIndex('invoice_numbers_order').on(t.orderId),
    index('invoice_numbers_unsettled').on(t.settledAt, t.takenAt),
  ],
);

export const cartItems = sqliteTable(
  'cart_items',
  {
    userId: text('user_id').notNull(),
    packageId: text('package_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageId] })],
);

// ── saved searches and alerts (decision 009) ──

/** A buyer's saved filters; `scope` + `placeId` index it for the alert consumer, `matcher` holds the rest. */
export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    /** instant | daily | off */
    alert: text('alert').notNull().default('instant'),
    scope: text('scope').notNull().default(''),
    placeId: integer('place_id').notNull().default(0),
    matcher: text('matcher').notNull(),
    /** the distinct compiled query this search shares with others (saved_search_matchers) */
    matcherId: integer('matcher_id'),
    lastSeenAt: integer('last_seen_at').notNull(),
    /** daily alerts: matches recorded after this went into no digest yet */
    digestedUntil: integer('digested_until').notNull().default(0),
    /** the /products link of its filters (savedSearchHref), for notifications the database writes */
    href: text('href'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('saved_searches_user').on(t.userId, t.createdAt),
    index('saved_searches_scope_place').on(t.scope, t.placeId),
    index('saved_searches_matcher').on(t.matcherId, t.createdAt),
  ],
);

/**
 * Each distinct compiled saved query once (scope + place + matcher), so the alert consumer checks
 * hundreds of distinct queries per ad, not every saved search (decision 009). Ids are never reused.
 */
export const savedSearchMatchers = sqliteTable(
  'saved_search_matchers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope').notNull(),
    placeId: integer('place_id').notNull(),
    matcher: text('matcher').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('saved_search_matchers_key').on(t.scope, t.placeId, t.matcher)],
);

/**
 * Matches per distinct saved query (decision 009): one row however many buyers saved the query.
 * newCount and the daily digest are read from here; the table is WITHOUT ROWID (migration 0021;
 * drizzle has no words for it).
 */
export const savedQueryMatches = sqliteTable(
  'saved_query_matches',
  {
    matcherId: integer('matcher_id').notNull(),
    listingId: text('listing_id').notNull(),
    sellerId: text('seller_id').notNull(),
    /** when the ad went live for this query (the event's moment) */
    liveAt: integer('live_at').notNull(),
    /** when the consumer recorded it */
    matchedAt: integer('matched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matcherId, t.listingId] }), index('saved_query_matches_live').on(t.matcherId, t.liveAt, t.sellerId)],
);

/** Transactional outbox of listing changes that can interest buyers (relayed to the alerts queue). */
export const listingEvents = sqliteTable(
  'listing_events',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id').notNull(),
    kind: text('kind').notNull(),
    oldPriceMinor: integer('old_price_minor'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    doneAt: integer('done_at'),
  },
  // listing_events_created (migration 0015, decision 009): GET /api/listings?since=… reads when ads went live
  (t) => [index('listing_events_unsent').on(t.sentAt, t.createdAt), index('listing_events_created').on(t.createdAt, t.kind, t.listingId)],
);

// ── seller reports: ad stats (decision 015) ──

/** Views per ad per UTC day by people other than the seller (bots left out), each viewer once a day. */
export const listingDailyStats = sqliteTable(
  'listing_daily_stats',
  {
    listingId: text('listing_id').notNull(),
    day: integer('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  // listing_daily_stats_day (migration 0029): the hourly roll-up finds days past the window without reading the rest
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index('listing_daily_stats_day').on(t.day)],
);

/**
 * Views of an ad on days that left `listing_daily_stats` (older than the 30 days the seller's stats
 * show; decision 020), added up: one row per ad instead of one per ad per day.
 */
export const listingViewTotals = sqliteTable('listing_view_totals', {
  listingId: text('listing_id').primaryKey(),
  /** views on the rolled-up days */
  views: integer('views').notNull().default(0),
  /** every day before this one (a UTC day number) is counted in `views` */
  throughDay: integer('through_day').notNull(),
});

/**
 * The last batch each view counter object wrote (decision 020, addendum): its number is inserted in
 * the same transaction as the counters, so a batch sent twice is refused the second time.
 */
export const viewCounterFlushes = sqliteTable(
  'view_counter_flushes',
  {
    counter: text('counter').notNull(),
    seq: integer('seq').notNull(),
    flushedAt: integer('flushed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.counter, t.seq] })],
);

/**
 * (migration 0037, decision 033) An ad moved into another group of states lives on under a new id in
 * that group's listings database; its old database keeps this row so the old id still answers.
 * Read only when an id is not found. `status`: the ad's status at its new id once the move is done.
 */
export const listingMoves = sqliteTable(
  'listing_moves',
  {
    oldId: text('old_id').primaryKey(),
    newId: text('new_id').notNull(),
    status: text('status').notNull(),
    movedAt: integer('moved_at').notNull(),
  },
  (t) => [index('listing_moves_new').on(t.newId)],
);

/**
 * Archived ads whose core rows (conversations, photos, favourites, matches) may still be there
 * (migration 0038): with the listings over several databases the ad leaves its own database first
 * and the core's rows follow in a second batch, which removes this row too. The archive job finishes
 * what an interrupted run left, oldest first, a bounded number a run. Empty with one database.
 */
export const archiveCleanups = sqliteTable(
  'archive_cleanups',
  {
    listingId: text('listing_id').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('archive_cleanups_created').on(t.createdAt)],
);

/**
 * (migration 0053) The chat list per member (decision 034): with several accounts databases, one row
 * per conversation a user is in, in that user's accounts database. The core's `chats` row stays the
 * conversation's directory; the chat room writes both on each group commit. `activity_at` is the last
 * message's time, or the conversation's creation before any, so the list's order has an index.
 */
export const chatMembers = sqliteTable(
  'chat_members',
  {
    userId: text('user_id').notNull(),
    chatId: text('chat_id').notNull(),
    listingId: text('listing_id').notNull(),
    otherId: text('other_id').notNull(),
    role: text('role', { enum: ['BUYER', 'SELLER'] }).notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    otherLastReadSeq: integer('other_last_read_seq').notNull().default(0),
    lastMessage: text('last_message'),
    lastMessageAt: integer('last_message_at'),
    lastSenderId: text('last_sender_id'),
    activityAt: integer('activity_at').notNull(),
    starred: integer('starred', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** (migration 0054) the seller's first-reply time, on the seller's row only (the core's `chats.first_reply_ms`) */
    firstReplyMs: integer('first_reply_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chatId] }),
    index('chat_members_list').on(t.userId, t.activityAt, t.chatId),
    index('chat_members_ad').on(t.userId, t.listingId),
    index('chat_members_replied').on(t.userId, t.lastMessageAt).where(sql`first_reply_ms IS NOT NULL`),
  ],
);

/**
 * (migration 0049) In each listings database, the sellers whose live-ad count there changed since the
 * job spread it to their cards in the other listings databases (`users.live_ads_elsewhere`). Written
 * by the live-ads triggers; `version` moves on with each change, so a mark goes only once what it
 * marked was spread.
 */
export const liveAdsChanged = sqliteTable('live_ads_changed', {
  userId: text('user_id').primaryKey(),
  version: integer('version').notNull().default(0),
});
