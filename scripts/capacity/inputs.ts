/**
 * The capacity model's inputs (decision 020): ONE reviewed file. Every figure says what it rests on:
 * - published: a number someone printed, with where;
 * - estimate: our reasoning, written beside it;
 * - design: a choice we make (or another piece of work makes), changeable here;
 * - measured: counted in this repository (bytes per row and one D1's queries per second live in
 *   measured.json, written by `npm run capacity -- --measure`; statements per request are counted
 *   by tests/api/capacity-queries.test.ts, which fails when the code drifts from these figures).
 * Retention periods the worker enforces come from worker/schemas/retention-data.ts, so the model
 * and the code cannot disagree.
 */
import { RETENTION } from '../../worker/schemas/retention-data';

export type Basis = 'published' | 'estimate' | 'design' | 'measured';
export interface Figure {
  value: number;
  basis: Basis;
  /** the source (published), the reasoning (estimate, design) or how it is counted (measured) */
  note: string;
}
const f = (value: number, basis: Basis, note: string): Figure => ({ value, basis, note });

const OLX_2014 = 'OLX India, 2014, as reported in "Startup of the week: OLX", mydigitalstartup.net, 2017-05-29 (http://www.mydigitalstartup.net/2017/05/29/startup-of-the-week-olx/)';

/** The market leader's volume, which the model must carry. */
export const WORLD = {
  pageViewsPerMonth: f(1.5e9, 'published', `${OLX_2014}: "1.5 billion monthly page views were generated from India in 2014"`),
  mobileShare: f(0.8, 'published', `${OLX_2014}: "80% of usage on mobile" (2013); informs the page mix, not the arithmetic`),
  monthlyUsers: f(30e6, 'estimate', 'the anchor given for this model: 1.5 billion page views at ~50 pages per user a month'),
  liveAds: f(2e6, 'estimate', 'the anchor: ~2 million live ads, about 80,000 a day living ~25 days (30-day expiry, some sold or removed sooner)'),
  newAdsPerDay: f(80_000, 'estimate', 'the anchor: 80,000 new ads a day'),
  growthPerYear: f(0.15, 'estimate', 'volumes grow 15 % a year (India\'s internet users grew ~8–10 % a year in the 2020s; used-goods trade online grows faster). Applied to traffic and new rows alike'),
  registeredUsers: f(15e6, 'estimate', 'accounts at the start: half the monthly users sign in (posting and chatting need an account; browsing does not)'),
  newAccountsPerDay: f(25_000, 'estimate', 'first-time sellers and buyers who write: about a third of the day\'s 80,000 ads come from new sellers, plus buyers signing up to chat'),
  conversationsPerAd: f(2.5, 'estimate', 'buyers who write about an ad: many ads get none, popular ones (phones, bikes, cars) tens; 2–3 is the usual reply count quoted for general classifieds'),
  messagesPerConversation: f(6, 'estimate', 'a short negotiation: availability, price, place and time, a thank-you; most conversations stop after 2–4 messages, some run to 30'),
  favouritesPerAd: f(3, 'estimate', 'saves are cheaper than writing: a little more than the conversations'),
  notificationsPerUserPerMonth: f(4, 'estimate', 'per monthly user: chat notifications (one per conversation while unread), saved-search alerts, ad-status news'),
  ordersPerDay: f(3_000, 'estimate', 'paid packages and premium: ~4 % of sellers pay, most for one feature or boost'),
  photosPerAd: f(3, 'estimate', 'the post form allows 10; the seed averages 2.5; phones make more photos easy'),
  photoBytes: f(180_000, 'estimate', 'a phone photo after the client resizes it to 1600 px WebP/JPEG (the upload limit is 5 MB)'),
  movedAdShare: f(0.01, 'estimate', 'ads whose seller moves them into a state of another group of states (moving house, or correcting a wrong state): rare; each leaves a listing_moves row in its old database for good, so old links keep answering (decision 033)'),
  identifiersPerAccount: f(2, 'estimate', 'directory rows per account with several accounts databases (decision 034): sign-up by e-mail holds the address, and nearly every seller confirms a phone to post; phone-only (OTP) accounts hold one, Google sign-in adds a third'),
  unpostedPhotoShare: f(0.2, 'estimate', 'photos uploaded but not posted: abandoned drafts and photos replaced before posting; their duplicate lookup keys (media_lookups, decision 022) stay until the unattached photo is removed 24 hours later (ORPHAN_TTL_MS), a posted photo\'s go at posting'),
} as const;

/**
 * Clean-up records of the archive (archive_cleanups, decision 033) held in the core: a record lives
 * from an ad leaving its listings database to the core's rows going, moments later in the same run;
 * only an interrupted run leaves some, finished by the next, so at most about a run's ads are held.
 */
/**
 * The reference data the core database keeps (decision 034: it stays in one place): the rows the
 * migrations and the seed write, as the full measurement counted them (measured.json; the model's
 * test checks they match). They do not grow with the traffic.
 */
export const REFERENCE_ROWS = {
  categories: f(59, 'measured', 'the taxonomy: categories and subcategories (measured.json)'),
  locations: f(2981, 'measured', 'states, cities and neighbourhoods (measured.json)'),
  banner_ads: f(2, 'measured', 'measured.json'),
  free_ad_limits: f(14, 'measured', 'measured.json'),
  popular_searches: f(74, 'measured', 'measured.json'),
  premium_packages: f(2, 'measured', 'measured.json'),
  seller_packages: f(112, 'measured', 'measured.json'),
};

export const ARCHIVE_CLEANUPS_HELD = f(500, 'design', 'at most a run\'s ads, ARCHIVE_BATCH_SIZE × ARCHIVE_BATCHES_PER_RUN (worker/schemas/archive-data.ts), and only after an interrupted run');

/**
 * D1 rows read per search (its page and its capped count, summed over the databases it asks), measured
 * by `npm run bench:search` at 1M ads, the mean over its mix of query kinds, per layout of the listings.
 * The model takes the figure of the design's number of listings databases (`rowsReadPerSearch` in
 * model.ts). The bench's mix is mostly searches that ask every database (category, price and text
 * across India), more than TRAFFIC.allIndiaSearchShare: for a layout of several databases the figure is
 * on the high side. Rerun both and replace the figures when the search changes (decision 033, "Still to do").
 */
export const ROWS_READ_PER_SEARCH_MEASURED = {
  oneDatabase: f(
    1_524,
    'measured',
    'npm run bench:search -- --listings 1000000 --no-baseline --persist-to .wrangler/bench-1m --reuse, 2026-11-27 12:17 UTC, 900,281 live ads: ALL mean rows read per request after a subcategory\'s brand got its own index of featured ads (was 1,780; docs/performance.md, "Listings over four databases")',
  ),
  fourDatabases: f(
    2_388,
    'measured',
    'npm run bench:search -- --shards 4 --listings 1000000 --reuse --no-baseline, 2026-11-27 12:06–12:12 UTC: ALL 2,388–2,394 rows read per request over five runs after each database ranks its share of the text window and the brand\'s featured ads have their own index (3,390–3,403 before; 9,828–10,062 before deep pages sent their keys first; docs/performance.md, "Listings over four databases")',
  ),
} as const;

/** How page views turn into work. */
export const TRAFFIC = {
  peakToAverage: f(3, 'estimate', 'the busiest second against the monthly average: Indian traffic peaks 20:00–22:00 at ~2× the daily mean, and a busy second within that hour ~1.5× again'),
  apiCallsPerPageView: f(1.6, 'estimate', 'the first page is one worker request (the page with its data inlined, decision 011); later pages of the single-page app call 1–3 API operations'),
  guestShare: f(0.65, 'estimate', 'page views by people not signed in: most browsing happens before anyone signs in'),
  guestCacheHitRatio: f(0.7, 'estimate', 'guest pages and API answers served from the edge cache (decision 011): home, categories and popular ads repeat; long-tail searches do not'),
  /** share of page views by what they show */
  mix: {
    home: f(0.12, 'estimate', 'the first page of many visits'),
    search: f(0.33, 'estimate', 'category pages, searches, filters, further pages'),
    adPage: f(0.4, 'estimate', 'classifieds traffic is mostly looking at ads'),
    chat: f(0.08, 'estimate', 'chat list and conversations'),
    myAds: f(0.07, 'estimate', 'My Ads, account, favourites, notifications'),
  },
  allIndiaSearchShare: f(0.25, 'estimate', 'searches not narrowed to a state or city (home feed, all-India text searches): they ask every listings database'),
  uniqueViewerDaysPerAdView: f(0.7, 'estimate', 'repeat looks by the same person on the same day do not add a viewer row'),
  cpuMsPerRequest: f(4, 'estimate', 'worker CPU per request: bench:profile shows a few ms for rendering an answer; cached answers cost less'),
  kvReadsPerRequest: f(1, 'estimate', 'the cache version and cached counts (decision 011)'),
} as const;

/**
 * D1 statements per request kind, by database (listings tables or the accounts' tables) and read or
 * write. `measured`: counted with a D1 wrapper around the worker's binding, the second of two
 * identical requests (per-isolate memos warm), after-response work included
 * (tests/api/capacity-queries.test.ts fails when the code needs more than these figures).
 */
const counted = (n: number, what: string) => f(n, 'measured', what);
export const STATEMENTS = {
  home: { listingsReads: counted(2, 'GET /api/listings?limit=20: the page and its capped count') },
  search: { listingsReads: counted(3, 'GET /api/listings?category=…: the category, the page, its capped count') },
  adPage: {
    listingsReads: counted(5, 'GET /api/listings/{id} (the ad with its seller and photos: 2) and GET /api/listings/{id}/related (3)'),
    listingsWrites: counted(3, 'counting the view straight in D1, as the code did before the view counter object (the \'d1\' designs): one batch on every view (cached pages report theirs too): viewer row, lifetime count, daily counter. With the counter object (built) the page writes 0 (counted) and the counter BATCHED_VIEW_STATEMENTS per view'),
  },
  chat: { listingsReads: counted(1, 'GET /api/messages/chats: the ads of the conversations'), coreReads: counted(2, 'the conversations and the other party') },
  myAds: { listingsReads: counted(4, 'GET /api/listings/user/my-listings: the ads, photos, counts'), coreReads: counted(1, 'the account') },
  signedIn: { coreReads: counted(1, 'a signed-in read: counted 0 extra for a search (the token carries what it needs); 1 kept for the account checks of other operations') },
  postAd: {
    listingsReads: counted(15, 'POST /api/listings: the place, category, duplicate-photo and limit checks (9: the duplicate lookup runs its band and print statements in the first read with the keys kept at upload, decision 022); after the answer, the ad\'s group of comparable ads and their price ranges refreshed (6, decision 026)'),
    listingsWrites: counted(7, 'the ad, its photos, the listing event, the posting record (triggers: search index, seller count); after the answer, the price ranges of its group in the city, the state and India (3, decision 026)'),
    coreReads: counted(4, 'the seller, blocks, the free-ad allowance'),
    coreWrites: counted(2, 'the seller\'s posting count; the posted photos\' duplicate-lookup keys removed (decision 022)'),
  },
  favourite: { listingsReads: counted(1, 'POST /api/listings/{id}/favorite: the ad'), coreReads: counted(4, 'the user, the favourite, the seller and their language (one read), the sellers reachable now'), coreWrites: counted(1, 'the favourite; the seller\'s notification goes to their inbox object (decision 032)') },
  message: { coreWrites: f(1, 'design', 'messages are held in the chat room (decision 031): one update of the conversation row (last seq, preview, read mark) per message at most — under load the room updates it once a second for all it stored since') },
  notification: { coreWrites: f(1, 'estimate', 'one row, only in the designs that keep notifications in D1 (the trigger trims the oldest in the same statement); the inbox objects hold them in the design (decision 032)') },
} as const;

/** Cloudflare's published prices and limits (Workers Paid). */
export const PRICES = {
  workersBase: f(5, 'published', 'Workers Paid plan, per month: https://developers.cloudflare.com/workers/platform/pricing/'),
  workersRequestsIncluded: f(10e6, 'published', 'https://developers.cloudflare.com/workers/platform/pricing/ (10 million included per month)'),
  workersPerMillionRequests: f(0.3, 'published', 'https://developers.cloudflare.com/workers/platform/pricing/ (+$0.30 per additional million)'),
  workersCpuMsIncluded: f(30e6, 'published', 'https://developers.cloudflare.com/workers/platform/pricing/ (30 million CPU ms included)'),
  workersPerMillionCpuMs: f(0.02, 'published', 'https://developers.cloudflare.com/workers/platform/pricing/ (+$0.02 per additional million CPU ms)'),
  d1RowsReadIncluded: f(25e9, 'published', 'https://developers.cloudflare.com/d1/platform/pricing/ (first 25 billion a month)'),
  d1PerMillionRowsRead: f(0.001, 'published', 'https://developers.cloudflare.com/d1/platform/pricing/'),
  d1RowsWrittenIncluded: f(50e6, 'published', 'https://developers.cloudflare.com/d1/platform/pricing/ (first 50 million a month)'),
  d1PerMillionRowsWritten: f(1, 'published', 'https://developers.cloudflare.com/d1/platform/pricing/'),
  d1StorageIncludedGb: f(5, 'published', 'https://developers.cloudflare.com/d1/platform/pricing/ (first 5 GB)'),
  d1PerGbMonth: f(0.75, 'published', 'https://developers.cloudflare.com/d1/platform/pricing/'),
  d1MaxDatabaseGb: f(10, 'published', 'https://developers.cloudflare.com/d1/platform/limits/ (10 GB, Workers Paid)'),
  doRequestsIncluded: f(1e6, 'published', 'https://developers.cloudflare.com/durable-objects/platform/pricing/ (1 million; includes WebSocket messages and alarms)'),
  doPerMillionRequests: f(0.15, 'published', 'https://developers.cloudflare.com/durable-objects/platform/pricing/'),
  doGbSecondsIncluded: f(400_000, 'published', 'https://developers.cloudflare.com/durable-objects/platform/pricing/'),
  doPerMillionGbSeconds: f(12.5, 'published', 'https://developers.cloudflare.com/durable-objects/platform/pricing/'),
  doStorageIncludedGb: f(5, 'published', 'https://developers.cloudflare.com/durable-objects/platform/pricing/ (SQLite storage, billed since January 2026; figure as listed there, not shown in the excerpt we read)'),
  doPerGbMonth: f(0.2, 'published', 'https://developers.cloudflare.com/durable-objects/platform/pricing/ (SQLite stored data; as above)'),
  r2StorageIncludedGb: f(10, 'published', 'https://developers.cloudflare.com/r2/pricing/'),
  r2PerGbMonth: f(0.015, 'published', 'https://developers.cloudflare.com/r2/pricing/ (Standard storage)'),
  r2ClassAIncluded: f(1e6, 'published', 'https://developers.cloudflare.com/r2/pricing/'),
  r2PerMillionClassA: f(4.5, 'published', 'https://developers.cloudflare.com/r2/pricing/'),
  r2ClassBIncluded: f(10e6, 'published', 'https://developers.cloudflare.com/r2/pricing/'),
  r2PerMillionClassB: f(0.36, 'published', 'https://developers.cloudflare.com/r2/pricing/'),
  kvReadsIncluded: f(10e6, 'published', 'https://developers.cloudflare.com/kv/platform/pricing/'),
  kvPerMillionReads: f(0.5, 'published', 'https://developers.cloudflare.com/kv/platform/pricing/'),
  kvWritesIncluded: f(1e6, 'published', 'https://developers.cloudflare.com/kv/platform/pricing/'),
  kvPerMillionWrites: f(5, 'published', 'https://developers.cloudflare.com/kv/platform/pricing/'),
  queuesOpsIncluded: f(1e6, 'published', 'https://developers.cloudflare.com/queues/platform/pricing/'),
  queuesPerMillionOps: f(0.4, 'published', 'https://developers.cloudflare.com/queues/platform/pricing/ (a message is 3 operations: write, read, delete)'),
} as const;

/** One way of building SEL: which data sits where, and for how long. */
export interface Design {
  name: string;
  /** listings, their photos, search index and view history, spread by place */
  listingsDatabases: number;
  /** accounts and what hangs off them (conversations, favourites, orders, saved searches), by user */
  coreDatabases: number;
  /** read copies of each database that serve Indian traffic (the primary counts as one) */
  readCopies: number;
  /** days an ad lives (0: never expires) */
  expiryDays: number;
  /** days an expired, sold or deleted ad stays in D1 before it moves to R2 (Infinity: never) */
  archiveAfterDays: number;
  /** chat messages live in the chat rooms' Durable Objects, not in D1 */
  messagesInRooms: boolean;
  /** a conversation's D1 row leaves with its archived ad (the room keeps its messages) */
  conversationsLeaveWithAd: boolean;
  /** days an archived conversation's messages stay in its room after it left D1 (Infinity: kept forever) */
  archivedChatDays: number;
  /** notifications live in each user's inbox Durable Object, not in D1 */
  notificationsInInbox: boolean;
  /** per-day view counters are kept this many days, older ones rolled into totals (Infinity: kept) */
  dailyViewDays: number;
  /** viewer rows are kept this many days (Infinity: kept) */
  viewerRowDays: number;
  /** notifications kept per user (Infinity: unbounded) */
  notificationsPerUser: number;
  /**
   * 'd1': every ad view runs the counter's batch on the listings database and keeps a viewer row
   * there (as built); 'batched': views are counted in a Durable Object per listings database, which
   * keeps the day's viewers itself and writes the counters in one multi-row statement every few seconds
   */
  viewCounting: 'd1' | 'batched';
}

/** Statements per ad view when a counter object writes the counters in batches. */
export const BATCHED_VIEW_STATEMENTS = f(0.05, 'estimate', 'built (durable-objects/view-counter.ts): a batch every 5 s (VIEW_COUNTER.flushEveryMs) is 4 statements (counted: its number, pruning the older number, the lifetime counts and the day counters of up to 500 ad-days, each a JSON parameter; 5 with several listings databases, the fifth reading which of its ads moved away); 0.05 a view holds from 100 views a batch, 16 a second per listings database, far below the ~100 a second each of 10 sees at the peak');

/** What the code did before this work: one database, nothing ever leaves. */
export const BEFORE: Design = {
  name: 'before (one database, nothing leaves)',
  listingsDatabases: 0,
  coreDatabases: 1,
  readCopies: 1,
  expiryDays: 0,
  archiveAfterDays: Infinity,
  messagesInRooms: false,
  conversationsLeaveWithAd: false,
  archivedChatDays: Infinity,
  notificationsInInbox: false,
  dailyViewDays: Infinity,
  viewerRowDays: Infinity,
  notificationsPerUser: Infinity,
  viewCounting: 'd1',
};

/**
 * The lifecycle and several-databases work as specified, with this work's retention: ads expire and
 * archive, messages live in the rooms, view history and notifications are bounded, four listings
 * databases by place, one accounts database, read replicas. Everything else stays in D1.
 */
export const AS_SPECIFIED: Design = {
  name: 'as specified (expiry + archive + 4 listings databases + replicas)',
  listingsDatabases: 4,
  coreDatabases: 1,
  readCopies: 2,
  expiryDays: 30,
  archiveAfterDays: 30,
  messagesInRooms: true,
  conversationsLeaveWithAd: false,
  archivedChatDays: Infinity,
  notificationsInInbox: false,
  dailyViewDays: RETENTION.dailyViewDays,
  viewerRowDays: RETENTION.viewerRowDays,
  notificationsPerUser: RETENTION.notificationsPerUser,
  viewCounting: 'd1',
};

/**
 * The design the model checks (`--check`): as specified, plus what the model shows is needed —
 * notifications in the users' inbox objects, a conversation's row leaving with its archived ad,
 * views counted in batches by a counter object, accounts spread by user — and the database counts
 * that pass (the fewest, as `npm run capacity` prints them). What is not built yet is listed in
 * decision 020 and its addenda. Sessions are always counted as removed once expired (the model's
 * sessions row): built, the hourly cleanup (worker/services/accounts/session-cleanup.ts).
 */
export const DESIGN: Design = {
  name: 'design (expiry + archive + 10 listings + 36 accounts databases + replicas)',
  listingsDatabases: 10,
  coreDatabases: 36,
  readCopies: 2,
  expiryDays: 30,
  archiveAfterDays: 30,
  messagesInRooms: true,
  conversationsLeaveWithAd: true,
  archivedChatDays: RETENTION.archivedChatDays,
  notificationsInInbox: true,
  dailyViewDays: RETENTION.dailyViewDays,
  viewerRowDays: RETENTION.viewerRowDays,
  notificationsPerUser: RETENTION.notificationsPerUser,
  viewCounting: 'batched',
};

export const DESIGN_NOTES: Record<keyof Omit<Design, 'name'>, string> = {
  listingsDatabases: 'design: the smallest count that keeps each under half its size and half its capacity at 36 months (the model prints the minimum); 0 = listings share the one database',
  coreDatabases: 'design: accounts spread by user id, one of the 36 groups in each (worker/schemas/accounts-shards-data.ts); the fewest that pass (the model prints the minimum: 18 did until the chat list per member was counted)',
  readCopies: 'design: D1 read replication with the Sessions API; the primary in Asia-Pacific plus one replica there serve India (other regions\' replicas serve nobody here)',
  expiryDays: 'design: 30 days for most categories (the ad lifecycle work)',
  archiveAfterDays: 'estimate of the archive work\'s retention: 30 days after an ad ends it moves to R2',
  messagesInRooms: 'built (decision 031): every message lives in its room\'s SQLite storage; D1 keeps one row per conversation; history D1 held is moved by the hourly job',
  conversationsLeaveWithAd: 'built (decision 021, addendum): the archive job removes an ad\'s conversation rows (and favourites) from D1 with the ad; the rooms keep the messages, an R2 marker per conversation answers old links 410',
  archivedChatDays: 'built (decision 021, second addendum): a room deletes its messages RETENTION.archivedChatDays after its conversation left D1 with the archived ad (180 days, India\'s IT Rules 2021, rule 3(1)(g)), later only while a report on the ad is open (few; not modelled)',
  notificationsInInbox: 'built (decision 032): each user\'s notifications live in their inbox object\'s SQLite storage, the newest N kept; D1 holds only rows from before (moved on first use and by the hourly job) and rows written while an inbox could not be reached',
  dailyViewDays: 'built: worker/schemas/retention-data.ts',
  viewerRowDays: 'built: worker/schemas/retention-data.ts',
  notificationsPerUser: 'built: worker/schemas/retention-data.ts (kept by the inbox object; D1\'s trigger bounds its fallback rows the same)',
  viewCounting: 'built (decision 020, addendum): a view counter Durable Object per listings database keeps the day\'s viewers and writes the counters in batches every 5 s; viewer rows are no longer written to D1',
};

/** The model's pass mark: half of a database's size limit and half its measured capacity. */
export const HEADROOM = f(0.5, 'design', 'room for a bad estimate, a burst, an index added later, and time to split again');
export const HORIZON_MONTHS = [1, 12, 36] as const;
