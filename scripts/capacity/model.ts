/**
 * The capacity model's arithmetic (decision 020), pure functions of the inputs (inputs.ts) and the
 * measured figures (measured.json): sizes per database, peak statements per second per database
 * against what one D1 can do, and the monthly Cloudflare bill by product.
 */
import { ACCOUNT_GROUPS, ACCOUNTS_LAYOUTS } from '../../worker/schemas/accounts-shards-data';
import type { Design, Figure } from './inputs';
import { ARCHIVE_CLEANUPS_HELD, BATCHED_VIEW_STATEMENTS, HEADROOM, PRICES, REFERENCE_ROWS, ROWS_READ_PER_SEARCH_MEASURED, STATEMENTS, TRAFFIC, WORLD } from './inputs';

export interface MeasuredFigures {
  /** bytes per row (table + its indexes) by table; listings_fts is per live ad */
  bytesPerRow: Record<string, number>;
  /** statements per second one D1 runs */
  d1QueriesPerSecond: number;
}

type Values<T> = { [K in keyof T]: T[K] extends Figure ? number : Values<T[K]> };
const valuesOf = <T>(o: T): Values<T> =>
  Object.fromEntries(Object.entries(o as Record<string, unknown>).map(([k, v]) => [k, v && typeof v === 'object' && 'value' in v ? (v as Figure).value : valuesOf(v)])) as Values<T>;

export const world = valuesOf(WORLD);
export const traffic = valuesOf(TRAFFIC);
export const statements = valuesOf(STATEMENTS);
export const prices = valuesOf(PRICES);

export type World = typeof world;
export type Traffic = typeof traffic;

const DAYS_PER_MONTH = 365 / 12;
const SECONDS_PER_MONTH = DAYS_PER_MONTH * 86_400;
export const GB = 1e9;

/** Volumes grow by `growth` a year: the factor at month m. */
export const scaleAt = (growth: number, month: number) => Math.pow(1 + growth, month / 12);

/** Everything that arrived over the first `month` months at `perDay` (growing): a running total. */
export const arrived = (perDay: number, growth: number, month: number) => {
  const days = month * DAYS_PER_MONTH;
  if (growth === 0) return perDay * days;
  const k = Math.log(1 + growth) / 365;
  return (perDay * (Math.exp(k * days) - 1)) / k;
};

/** What arrives at `perDay` and stays `keepDays` (Infinity: forever), held at month m. */
export const held = (perDay: number, growth: number, month: number, keepDays: number) => {
  const days = month * DAYS_PER_MONTH;
  if (keepDays >= days) return arrived(perDay, growth, month);
  return arrived(perDay, growth, month) - arrived(perDay, growth, month - keepDays / DAYS_PER_MONTH);
};

/** Rows per table at month m, for the whole system (before spreading over databases). */
export const rowsAt = (design: Design, w: World, t: Traffic, month: number) => {
  const g = w.growthPerYear;
  const adLifeDays = design.expiryDays > 0 ? design.expiryDays : Infinity;
  const adsKeptDays = adLifeDays + design.archiveAfterDays;
  const adsInD1 = held(w.newAdsPerDay, g, month, adsKeptDays);
  // a live ad leaves search when it expires; about 15 % are sold or removed sooner
  const liveAds = held(w.newAdsPerDay, g, month, adLifeDays) * 0.85;
  const scale = scaleAt(g, month);
  const adViewsPerDay = (w.pageViewsPerMonth * scale * t.mix.adPage) / DAYS_PER_MONTH;
  const viewerRowsPerDay = adViewsPerDay * t.uniqueViewerDaysPerAdView;
  const elapsedDays = month * DAYS_PER_MONTH;
  // nearly every live ad is looked at every day (10 views per live ad a day at the anchor): one counter row each
  const dailyCounterRows = Math.min(liveAds, viewerRowsPerDay) * Math.min(design.dailyViewDays, elapsedDays);
  const conversationsPerDay = w.newAdsPerDay * w.conversationsPerAd;
  const conversations = design.conversationsLeaveWithAd ? held(conversationsPerDay, g, month, adsKeptDays) : arrived(conversationsPerDay, g, month);
  const notificationsArrived = arrived((w.monthlyUsers * w.notificationsPerUserPerMonth) / DAYS_PER_MONTH, g, month);
  const notifications = Math.min(notificationsArrived, w.monthlyUsers * scale * design.notificationsPerUser);
  const accounts = w.registeredUsers + arrived(w.newAccountsPerDay, g, month);
  return {
    listings: {
      listings: adsInD1,
      listings_fts: liveAds,
      media: adsInD1 * w.photosPerAd,
      listing_events: adsInD1 * 1.2,
      listing_views: design.viewCounting === 'batched' ? 0 : held(viewerRowsPerDay, g, month, design.viewerRowDays),
      listing_daily_stats: dailyCounterRows,
      listing_view_totals: design.dailyViewDays === Infinity ? 0 : adsInD1,
      // where moved ads went (several databases only): kept for good
      listing_moves: design.listingsDatabases > 1 ? arrived(w.newAdsPerDay * w.movedAdShare, g, month) : 0,
    },
    core: {
      users: accounts,
      // the identifier directory (decision 034): only with several accounts databases, spread over them by the identifier's hash
      identifiers: design.coreDatabases > 1 ? accounts * w.identifiersPerAccount : 0,
      // a token lives 30 days; about half the monthly users are signed in, on ~1.5 devices
      sessions: Math.min(arrived((w.monthlyUsers * scale * 0.5 * 1.5) / 30, g, month), w.monthlyUsers * scale * 0.75),
      chats: conversations,
      // the chat list per member (decision 034): with several accounts databases one row in each member's database beside the core's directory row
      chat_members: design.coreDatabases > 1 ? conversations * 2 : 0,
      messages: design.messagesInRooms ? 0 : conversations * w.messagesPerConversation,
      favorites: design.conversationsLeaveWithAd ? held(w.newAdsPerDay * w.favouritesPerAd, g, month, adsKeptDays) : arrived(w.newAdsPerDay * w.favouritesPerAd, g, month),
      notifications: design.notificationsInInbox ? 0 : notifications,
      saved_searches: w.monthlyUsers * scale * 0.05 * 2,
      saved_query_matches: held(w.newAdsPerDay * 5, g, month, adsKeptDays),
      business_orders: arrived(w.ordersPerDay / 2, g, month),
      payment_orders: arrived(w.ordersPerDay / 2, g, month),
      ad_postings: held(w.newAdsPerDay, g, month, Math.max(365, adsKeptDays)),
      archive_cleanups: design.listingsDatabases > 1 ? ARCHIVE_CLEANUPS_HELD.value : 0,
      // a photo's lookup keys, from upload to posting (moments) or to the unattached photo's removal a day later
      media_lookups: held(w.newAdsPerDay * w.photosPerAd * w.unpostedPhotoShare, g, month, 1),
    },
    /**
     * The core database's own tables (decision 034: what stays in one place whatever the number of
     * accounts databases): the GST invoice series — one `invoice_numbers` row for each paid
     * seller-package order, kept for good (tax records), and one counter row per financial year —
     * and the reference data. With one accounts database they share it with the accounts.
     */
    coreOwn: {
      invoice_numbers: arrived(w.ordersPerDay / 2, g, month),
      invoice_counters: Math.floor(month / 12) + 1,
      ...Object.fromEntries(Object.entries(REFERENCE_ROWS).map(([table, rows]) => [table, rows.value])),
    } as Record<string, number>,
    /** what lives outside D1 */
    elsewhere: {
      // a room keeps its messages while its ad is in D1 and, once archived, for the archived-chat retention
      roomMessages: design.messagesInRooms
        ? held(conversationsPerDay * w.messagesPerConversation, g, month, design.conversationsLeaveWithAd ? adsKeptDays + design.archivedChatDays : Infinity)
        : 0,
      inboxNotifications: design.notificationsInInbox ? notifications : 0,
      archivedAds: design.archiveAfterDays === Infinity ? 0 : Math.max(0, arrived(w.newAdsPerDay, g, month) - adsInD1),
      photos: arrived(w.newAdsPerDay * w.photosPerAd, g, month),
    },
  };
};

export type Rows = ReturnType<typeof rowsAt>;

/** Bytes per row of a table, from the measurement (0 for a table the seed did not fill). */
const bytesOf = (m: MeasuredFigures, table: string) => m.bytesPerRow[table] ?? 0;

export const groupBytes = (rows: Record<string, number>, m: MeasuredFigures) => Object.entries(rows).reduce((sum, [table, n]) => sum + n * bytesOf(m, table), 0);

/** How much bigger the busiest database of a group is than the average (places and users are uneven). */
export const SHARD_IMBALANCE: Figure = { value: 1.3, basis: 'estimate', note: 'states grouped into N databases by population: the biggest group holds ~30 % more than the mean (Uttar Pradesh, Maharashtra)' };

/**
 * How much bigger the busiest accounts database is than the mean. Not a guess like the listings'
 * imbalance: an account's group is drawn at random at sign-up, so the 36 groups hold equal shares
 * (millions of accounts each: chance differences are negligible) and the busiest database is the
 * one its layout gives the most groups — the reviewed layout's where there is one
 * (worker/schemas/accounts-shards-data.ts), else the best possible (ceil(36 / N) groups). More
 * databases than groups cannot be filled by an id's group character: Infinity.
 */
export const accountsImbalance = (n: number): number => {
  if (n <= 1) return 1;
  if (n > ACCOUNT_GROUPS.length) return Infinity;
  const largest = ACCOUNTS_LAYOUTS[n] ? Math.max(...ACCOUNTS_LAYOUTS[n]!.map((groups) => groups.length)) : Math.ceil(ACCOUNT_GROUPS.length / n);
  return (largest * n) / ACCOUNT_GROUPS.length;
};

/** Statements per second at the peak second, by group and read/write, for the whole system. */
export const peakStatements = (design: Design, w: World, t: Traffic, month: number) => {
  const pv = ((w.pageViewsPerMonth * scaleAt(w.growthPerYear, month)) / SECONDS_PER_MONTH) * t.peakToAverage;
  // guests' cacheable pages reach D1 only on a miss; signed-in pages always do
  const reach = t.guestShare * (1 - t.guestCacheHitRatio) + (1 - t.guestShare);
  const st = (kind: keyof typeof statements, field: 'listingsReads' | 'listingsWrites' | 'coreReads' | 'coreWrites') => (statements[kind] as Partial<Record<string, number>>)[field] ?? 0;
  const searchReads = pv * (t.mix.search * reach * st('search', 'listingsReads') + t.mix.home * reach * st('home', 'listingsReads'));
  const otherListingReads = pv * (t.mix.adPage * reach * st('adPage', 'listingsReads') + t.mix.myAds * st('myAds', 'listingsReads') + t.mix.chat * st('chat', 'listingsReads'));
  const signedInRequests = pv * (1 - t.guestShare) * t.apiCallsPerPageView;
  const coreReads = pv * (t.mix.chat * st('chat', 'coreReads') + t.mix.myAds * st('myAds', 'coreReads')) + signedInRequests * st('signedIn', 'coreReads');
  const perSecond = (perDay: number) => ((perDay * scaleAt(w.growthPerYear, month)) / 86_400) * t.peakToAverage;
  // the view counter's batch runs on every ad view, cached pages included (they report the view)
  const viewWrites = pv * t.mix.adPage * (design.viewCounting === 'batched' ? BATCHED_VIEW_STATEMENTS.value : st('adPage', 'listingsWrites'));
  const ads = perSecond(w.newAdsPerDay);
  const favourites = perSecond(w.newAdsPerDay * w.favouritesPerAd);
  const listingWrites = viewWrites + ads * st('postAd', 'listingsWrites');
  const writeSideListingReads = ads * st('postAd', 'listingsReads') + favourites * st('favourite', 'listingsReads');
  const messagesPerDay = w.newAdsPerDay * w.conversationsPerAd * w.messagesPerConversation;
  const coreWrites =
    ads * (st('postAd', 'coreWrites') + st('postAd', 'coreReads')) +
    perSecond(messagesPerDay) * (design.messagesInRooms ? st('message', 'coreWrites') : 3) +
    favourites * (st('favourite', 'coreWrites') + st('favourite', 'coreReads')) +
    (design.notificationsInInbox ? 0 : perSecond((w.monthlyUsers * w.notificationsPerUserPerMonth) / DAYS_PER_MONTH) * st('notification', 'coreWrites'));
  // a write request reads at the primary too (its checks must see the newest state): counted with the writes
  return { pageViews: pv, searchReads, otherListingReads, listingWrites: listingWrites + writeSideListingReads, coreReads, coreWrites };
};

/** The model's groups of databases: listings by place, accounts by user ('core', for history), the core database's own tables. */
export type Group = 'listings' | 'core' | 'coreOwn';

export interface DatabaseFigures {
  group: Group;
  databases: number;
  /** bytes in the busiest database of the group at each horizon */
  bytes: Record<number, number>;
  /** statements per second on the busiest database's primary at the peak (36 months) */
  peakQps: number;
  /** peakQps against one D1's measured capacity */
  capacityShare: number;
}

/**
 * Per database: listings spread by place (a search across India asks every one), accounts by user.
 * With no listings databases the listings share the one core database. Reads are spread over the
 * read copies; writes all go to the primary, which also takes its share of the reads.
 */
export const databases = (design: Design, m: MeasuredFigures, horizons: readonly number[], w: World = world, t: Traffic = traffic): DatabaseFigures[] => {
  const last = horizons[horizons.length - 1]!;
  const imbalance = SHARD_IMBALANCE.value;
  const per = (n: number) => (n > 1 ? imbalance / n : 1);
  const q = peakStatements(design, w, t, last);
  const primary = (reads: number, writes: number) => reads / design.readCopies + writes;
  const listingsReadsPerDb = (n: number) => q.searchReads * t.allIndiaSearchShare + (q.searchReads * (1 - t.allIndiaSearchShare) + q.otherListingReads) * per(n);
  const out: DatabaseFigures[] = [];
  const sizeAt = (group: Group, month: number) => groupBytes(rowsAt(design, w, t, month)[group], m);
  if (design.listingsDatabases > 0) {
    const n = design.listingsDatabases;
    const qps = primary(listingsReadsPerDb(n), q.listingWrites * per(n));
    out.push({ group: 'listings', databases: n, bytes: Object.fromEntries(horizons.map((h) => [h, sizeAt('listings', h) * per(n)])), peakQps: qps, capacityShare: qps / m.d1QueriesPerSecond });
  }
  const c = design.coreDatabases;
  const perAccounts = c > 1 ? accountsImbalance(c) / c : 1;
  const shared = design.listingsDatabases === 0;
  const coreQps = primary(q.coreReads * perAccounts + (shared ? listingsReadsPerDb(1) : 0), q.coreWrites * perAccounts + (shared ? q.listingWrites : 0));
  // with one accounts database the core's own tables are in it; with several they stay in the core alone
  const ownTogether = c <= 1;
  out.push({
    group: 'core',
    databases: c,
    bytes: Object.fromEntries(horizons.map((h) => [h, sizeAt('core', h) * perAccounts + (shared ? sizeAt('listings', h) : 0) + (ownTogether ? sizeAt('coreOwn', h) : 0)])),
    peakQps: coreQps,
    capacityShare: coreQps / m.d1QueriesPerSecond,
  });
  if (!ownTogether) {
    // its writes: the invoice number's batch (counter and record, 2 statements) for each paid package
    // order at the peak; reference data is read from the KV cache, and the minute's sweep reads one page
    const ownQps = (((w.ordersPerDay / 2) * scaleAt(w.growthPerYear, last)) / 86_400) * t.peakToAverage * 2;
    out.push({ group: 'coreOwn', databases: 1, bytes: Object.fromEntries(horizons.map((h) => [h, sizeAt('coreOwn', h)])), peakQps: ownQps, capacityShare: ownQps / m.d1QueriesPerSecond });
  }
  return out;
};

/** Passes when every database stays under the headroom of its size limit and of its capacity. */
export const failures = (figures: DatabaseFigures[]) => {
  const limit = prices.d1MaxDatabaseGb * GB * HEADROOM.value;
  const out: string[] = [];
  for (const d of figures) {
    for (const [month, bytes] of Object.entries(d.bytes)) {
      if (bytes > limit) out.push(`${d.group}: ${(bytes / GB).toFixed(1)} GB after ${month} months, over half of ${prices.d1MaxDatabaseGb} GB`);
    }
    if (d.capacityShare > HEADROOM.value) out.push(`${d.group}: ${Math.round(d.peakQps)} statements/s at the peak, ${(d.capacityShare * 100).toFixed(0)} % of one D1`);
  }
  return out;
};

/** The fewest databases per group that pass, the other group as designed. */
export const minimumDatabases = (design: Design, m: MeasuredFigures, horizons: readonly number[], group: 'listings' | 'core', max = 256) => {
  for (let n = 1; n <= max; n++) {
    const trial = { ...design, ...(group === 'listings' ? { listingsDatabases: n } : { coreDatabases: n }) };
    if (!failures(databases(trial, m, horizons)).some((f) => f.startsWith(`${group}:`))) return n;
  }
  return Infinity;
};

/** What one month costs, by product, at month m (US dollars, after the included usage). */
export const monthlyBill = (design: Design, m: MeasuredFigures, month: number, w: World = world, t: Traffic = traffic) => {
  const p = prices;
  const over = (used: number, included: number, perMillion: number) => (Math.max(0, used - included) / 1e6) * perMillion;
  const scale = scaleAt(w.growthPerYear, month);
  const pageViews = w.pageViewsPerMonth * scale;
  const requests = pageViews * t.apiCallsPerPageView;
  const q = peakStatements(design, w, t, month);
  // statements a month at the average rate (the peak divided back)
  const monthly = (perSecondAtPeak: number) => (perSecondAtPeak / t.peakToAverage) * SECONDS_PER_MONTH;
  const searchStatements = monthly(q.searchReads);
  const otherReads = monthly(q.otherListingReads + q.coreReads);
  const writes = monthly(q.listingWrites + q.coreWrites);
  const rowsRead = (searchStatements / 2) * rowsReadPerSearch(design.listingsDatabases).value + otherReads * ROWS_PER_STATEMENT.value;
  const rowsWritten = writes * ROWS_WRITTEN_PER_WRITE.value;
  const rows = rowsAt(design, w, t, month);
  const d1Gb = (groupBytes(rows.listings, m) + groupBytes(rows.core, m) + groupBytes(rows.coreOwn, m)) / GB;
  const messagesPerMonth = w.newAdsPerDay * DAYS_PER_MONTH * scale * w.conversationsPerAd * w.messagesPerConversation;
  const notificationsPerMonth = w.monthlyUsers * scale * w.notificationsPerUserPerMonth;
  // a message: the sender's WebSocket message into the room and the room's call to the recipient's inbox
  const doRequests = messagesPerMonth * 2 + notificationsPerMonth + (design.viewCounting === 'batched' ? pageViews * t.mix.adPage : 0);
  const doGbSeconds = doRequests * 0.128 * 0.02;
  const doGb = (rows.elsewhere.roomMessages * bytesOf(m, 'messages') + rows.elsewhere.inboxNotifications * bytesOf(m, 'notifications')) / GB;
  const photosGb = (rows.elsewhere.photos * w.photoBytes) / GB;
  const archiveGb = (rows.elsewhere.archivedAds * 4_000) / GB;
  const newAds = w.newAdsPerDay * DAYS_PER_MONTH * scale;
  const classA = newAds * (w.photosPerAd + (design.archiveAfterDays === Infinity ? 0 : 1));
  // photos are served through the edge cache; one in ten ad-page photo loads reaches R2
  const classB = pageViews * t.mix.adPage * w.photosPerAd * 0.1;
  const bill = {
    workers: p.workersBase + over(requests, p.workersRequestsIncluded, p.workersPerMillionRequests) + over(requests * t.cpuMsPerRequest, p.workersCpuMsIncluded, p.workersPerMillionCpuMs),
    d1:
      over(rowsRead, p.d1RowsReadIncluded, p.d1PerMillionRowsRead) +
      over(rowsWritten, p.d1RowsWrittenIncluded, p.d1PerMillionRowsWritten) +
      Math.max(0, d1Gb - p.d1StorageIncludedGb) * p.d1PerGbMonth,
    durableObjects: over(doRequests, p.doRequestsIncluded, p.doPerMillionRequests) + over(doGbSeconds, p.doGbSecondsIncluded, p.doPerMillionGbSeconds) + Math.max(0, doGb - p.doStorageIncludedGb) * p.doPerGbMonth,
    r2: Math.max(0, photosGb + archiveGb - p.r2StorageIncludedGb) * p.r2PerGbMonth + over(classA, p.r2ClassAIncluded, p.r2PerMillionClassA) + over(classB, p.r2ClassBIncluded, p.r2PerMillionClassB),
    kv: over(requests * t.kvReadsPerRequest, p.kvReadsIncluded, p.kvPerMillionReads) + over(newAds, p.kvWritesIncluded, p.kvPerMillionWrites),
    queues: over(newAds * 1.2 * 3, p.queuesOpsIncluded, p.queuesPerMillionOps),
  };
  return { ...bill, total: Object.values(bill).reduce((a, b) => a + b, 0), usage: { requests, rowsRead, rowsWritten, d1Gb, doGb, photosGb, doRequests } };
};

/**
 * Rows read per search for a design's number of listings databases: the measured figure of that
 * layout (none, or one, shares the one database's), else the line through the two measured layouts —
 * an all-India search asks every database for its page and its capped count, so its rows grow with
 * the databases it asks (an estimate until that layout is measured).
 */
export const rowsReadPerSearch = (listingsDatabases: number): Figure => {
  const { oneDatabase: one, fourDatabases: four } = ROWS_READ_PER_SEARCH_MEASURED;
  const n = Math.max(1, listingsDatabases);
  if (n === 1) return one;
  if (n === 4) return four;
  return {
    value: Math.round(one.value + ((n - 1) * (four.value - one.value)) / 3),
    basis: 'estimate',
    note: `${n} listings databases, not measured: the line through one database's ${one.value} and four's ${four.value} rows read per search (inputs.ts ROWS_READ_PER_SEARCH_MEASURED)`,
  };
};
export const ROWS_PER_STATEMENT: Figure = { value: 3, basis: 'estimate', note: 'lookups by key read a row or a few (an ad and its photos, a user, a session)' };
export const ROWS_WRITTEN_PER_WRITE: Figure = { value: 3, basis: 'estimate', note: 'D1 counts a row written per index entry touched as well: a row and two indexes' };
