/**
 * The whole SEL data model. Times are epoch milliseconds (integers); money is integer minor units
 * (paise); ids are ULIDs unless a table says otherwise. The FTS5 index over listings is hand-written
 * SQL in migrations/ (drizzle-kit does not model virtual tables or triggers).
 */
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    /** APPROVED | REJECTED | SOLD | INACTIVE */
    status: text('status').notNull().default('APPROVED'),
    rejectReason: text('reject_reason'),
    /** who to call about this ad (post form: name and phone); never in public features */
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('listings_id_unique').on(t.id),
    uniqueIndex('listings_slug_unique').on(t.slug),
    index('listings_user').on(t.userId, t.status, t.createdAt),
    index('listings_status_created').on(t.status, t.createdAt),
    index('listings_status_price').on(t.status, t.priceMinor),
    index('listings_status_views').on(t.status, t.views),
    index('listings_status_title').on(t.status, t.title),
    index('listings_featured_created').on(t.status, t.isFeatured, t.createdAt),
    index('listings_cat_created').on(t.status, t.categoryId, t.createdAt),
    index('listings_cat_price').on(t.status, t.categoryId, t.priceMinor),
    index('listings_sub_created').on(t.status, t.subcategoryId, t.createdAt),
    index('listings_sub_price').on(t.status, t.subcategoryId, t.priceMinor),
    index('listings_sub_brand').on(t.status, t.subcategoryId, t.brand, t.createdAt),
    index('listings_state_created').on(t.status, t.stateId, t.createdAt),
    index('listings_city_created').on(t.status, t.cityId, t.createdAt),
    index('listings_city_price').on(t.status, t.cityId, t.priceMinor),
    index('listings_area_created').on(t.status, t.areaId, t.createdAt),
    index('listings_city_cat').on(t.status, t.cityId, t.categoryId, t.createdAt),
    // covering indexes for the per-category and per-location counts
    index('listings_cat_sub').on(t.status, t.categoryId, t.subcategoryId),
    index('listings_loc').on(t.status, t.stateId, t.cityId, t.areaId),
  ],
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
    createdAt: createdAt(),
  },
  (t) => [
    index('media_listing').on(t.listingId, t.position),
    index('media_owner_orphan').on(t.ownerId, t.listingId, t.createdAt),
    index('media_orphans').on(t.listingId, t.createdAt),
    index('media_key').on(t.r2Key),
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
  (t) => [primaryKey({ columns: [t.listingId, t.viewerKey, t.day] })],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chats_listing_buyer_unique').on(t.listingId, t.buyerId),
    index('chats_buyer_last').on(t.buyerId, t.lastMessageAt),
    index('chats_seller_last').on(t.sellerId, t.lastMessageAt),
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


// ── issue-21 saved searches and alerts ──

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
    lastSeenAt: integer('last_seen_at').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('saved_searches_user').on(t.userId, t.createdAt), index('saved_searches_scope_place').on(t.scope, t.placeId)],
);

export const savedSearchMatches = sqliteTable(
  'saved_search_matches',
  {
    savedSearchId: text('saved_search_id').notNull(),
    listingId: text('listing_id').notNull(),
    userId: text('user_id').notNull(),
    matchedAt: integer('matched_at').notNull(),
    digestedAt: integer('digested_at'),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_seen').on(t.savedSearchId, t.matchedAt),
    index('saved_search_matches_digest').on(t.digestedAt, t.userId),
  ],
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
  (t) => [index('listing_events_unsent').on(t.sentAt, t.createdAt)],
);
