import { describe, expect, it } from 'vitest';
import { ARCHIVE_CLEANUPS_HELD, AS_SPECIFIED, BEFORE, DESIGN, HORIZON_MONTHS, PRICES, REFERENCE_ROWS, ROWS_READ_PER_SEARCH_MEASURED, STATEMENTS, TRAFFIC, WORLD, type Figure } from './inputs';
import { accountsImbalance, arrived, databases, groupBytes, failures, GB, held, minimumDatabases, monthlyBill, peakStatements, rowsAt, rowsReadPerSearch, scaleAt, SHARD_IMBALANCE, traffic, world, type MeasuredFigures } from './model';
import { RETENTION } from '../../worker/schemas/retention-data';
import measured from './measured.json';

/** Round figures, so every expected value below can be worked out by hand. */
const m: MeasuredFigures = {
  bytesPerRow: { listings: 1000, listings_fts: 500, media: 100, listing_views: 100, listing_daily_stats: 50, users: 400, chats: 200, messages: 150, notifications: 200 },
  d1QueriesPerSecond: 2000,
};
const DAYS_PER_MONTH = 365 / 12;

describe('growth arithmetic', () => {
  it('without growth, what arrives is the daily rate times the days; with growth, a little more', () => {
    expect(arrived(100, 0, 12)).toBeCloseTo(36_500, 6);
    expect(arrived(100, 0.15, 12)).toBeGreaterThan(36_500);
    // the continuous total over a year at 15 %: 100 × 365 × 0.15 / ln 1.15
    expect(arrived(100, 0.15, 12)).toBeCloseTo((100 * 365 * 0.15) / Math.log(1.15), 3);
    expect(scaleAt(0.15, 24)).toBeCloseTo(1.3225, 10);
  });

  it('what is kept N days is N days of arrivals (at the current rate), never more than everything that arrived', () => {
    expect(held(100, 0, 12, 30)).toBeCloseTo(3000, 6);
    expect(held(100, 0, 0.5, 30)).toBeCloseTo(100 * DAYS_PER_MONTH * 0.5, 6);
    expect(held(100, 0, 12, Infinity)).toBeCloseTo(36_500, 6);
    const kept = held(100, 0.15, 36, 30);
    expect(kept).toBeGreaterThan(3000 * scaleAt(0.15, 35));
    expect(kept).toBeLessThan(3000 * scaleAt(0.15, 36));
  });
});

describe('rows the design keeps', () => {
  const noGrowth = { ...world, growthPerYear: 0 };
  it('with expiry and archive, ads in D1 are 60 days of new ads whatever the month; before, every ad ever posted', () => {
    const design = rowsAt(DESIGN, noGrowth, traffic, 36);
    expect(design.listings.listings).toBeCloseTo(noGrowth.newAdsPerDay * (DESIGN.expiryDays + DESIGN.archiveAfterDays), 0);
    expect(design.listings.listings_fts).toBeCloseTo(noGrowth.newAdsPerDay * DESIGN.expiryDays * 0.85, 0);
    expect(design.listings.media).toBeCloseTo(design.listings.listings * noGrowth.photosPerAd, 0);
    const before = rowsAt(BEFORE, noGrowth, traffic, 36);
    expect(before.listings.listings).toBeCloseTo(noGrowth.newAdsPerDay * 36 * DAYS_PER_MONTH, 0);
    expect(design.elsewhere.archivedAds).toBeCloseTo(before.listings.listings - design.listings.listings, 0);
  });

  it('viewer rows are kept the reviewed two days, daily counters thirty; notifications and messages leave D1 in the design', () => {
    const rows = rowsAt({ ...DESIGN, viewCounting: 'd1' }, noGrowth, traffic, 12);
    const viewerRowsPerDay = (noGrowth.pageViewsPerMonth * traffic.mix.adPage * traffic.uniqueViewerDaysPerAdView) / DAYS_PER_MONTH;
    expect(rows.listings.listing_views).toBeCloseTo(viewerRowsPerDay * RETENTION.viewerRowDays, 0);
    expect(rows.listings.listing_daily_stats).toBeCloseTo(rows.listings.listings_fts * RETENTION.dailyViewDays, 0);
    expect(rows.core.notifications).toBe(0);
    expect(rows.core.messages).toBe(0);
    // messages stay in the rooms while the ad is in D1 (30 days live, 30 more before the archive) and the archived-chat retention after
    const messagesPerDay = noGrowth.newAdsPerDay * noGrowth.conversationsPerAd * noGrowth.messagesPerConversation;
    expect(rows.elsewhere.roomMessages).toBeCloseTo(messagesPerDay * (DESIGN.expiryDays + DESIGN.archiveAfterDays + RETENTION.archivedChatDays), 0);
    // kept forever, they pile up for the whole year
    expect(rowsAt({ ...DESIGN, archivedChatDays: Infinity }, noGrowth, traffic, 12).elsewhere.roomMessages).toBeCloseTo(messagesPerDay * 365, 0);
    // counted in batches by a counter object, viewer rows never reach D1
    expect(rowsAt(DESIGN, noGrowth, traffic, 12).listings.listing_views).toBe(0);
    expect(rowsAt(AS_SPECIFIED, noGrowth, traffic, 12).core.notifications).toBeGreaterThan(0);
    // before: the history of every day stays
    const before = rowsAt(BEFORE, noGrowth, traffic, 12);
    expect(before.listings.listing_views).toBeCloseTo(viewerRowsPerDay * 365, 0);
    expect(before.core.messages).toBeCloseTo(before.core.chats * noGrowth.messagesPerConversation, 0);
  });

  it('bounded notifications: never more than the per-user limit for every user', () => {
    const inD1 = { ...DESIGN, notificationsInInbox: false, notificationsPerUser: 2 };
    const rows = rowsAt(inD1, noGrowth, traffic, 36);
    expect(rows.core.notifications).toBeCloseTo(noGrowth.monthlyUsers * 2, 0);
    expect(rowsAt({ ...inD1, notificationsPerUser: Infinity }, noGrowth, traffic, 36).core.notifications).toBeCloseTo(noGrowth.monthlyUsers * noGrowth.notificationsPerUserPerMonth * 36, 0);
  });
});

describe('databases', () => {
  it('spreading listings over N databases divides their size (busiest one: imbalance / N); accounts by their layout', () => {
    const one = databases({ ...DESIGN, listingsDatabases: 1, coreDatabases: 1 }, m, HORIZON_MONTHS);
    const four = databases({ ...DESIGN, listingsDatabases: 4, coreDatabases: 2 }, m, HORIZON_MONTHS);
    expect(four[0]!.bytes[36]).toBeCloseTo((one[0]!.bytes[36]! * SHARD_IMBALANCE.value) / 4, 0);
    // two accounts databases hold 18 groups each: exactly half of the accounts' bytes in each
    const two = { ...DESIGN, listingsDatabases: 4, coreDatabases: 2 };
    expect(four[1]!.bytes[12]).toBeCloseTo(groupBytes(rowsAt(two, world, traffic, 12).core, m) / 2, 0);
    const fifteen = databases({ ...DESIGN, coreDatabases: 15 }, m, HORIZON_MONTHS);
    const thirty = databases({ ...DESIGN, coreDatabases: 30 }, m, HORIZON_MONTHS);
    expect(fifteen[1]!.bytes[36]! / thirty[1]!.bytes[36]!).toBeCloseTo((accountsImbalance(15) / 15) / (accountsImbalance(30) / 30), 6);
  });

  it("the busiest accounts database is its layout's largest share of the 36 equal groups", () => {
    expect(accountsImbalance(1)).toBe(1);
    expect(accountsImbalance(4)).toBe(1); // nine groups each
    expect(accountsImbalance(18)).toBe(1); // two each
    expect(accountsImbalance(15)).toBeCloseTo(1.25, 6); // three groups in six of them
    expect(accountsImbalance(21)).toBeCloseTo((2 * 21) / 36, 6); // no layout: the best possible, ceil(36 / 21) = 2
    expect(accountsImbalance(37)).toBe(Infinity); // an id's group character cannot fill more databases than groups
  });

  it('batched view counting takes the view counter off the listings primaries', () => {
    const direct = peakStatements({ ...DESIGN, viewCounting: 'd1' }, world, traffic, 12);
    const batched = peakStatements(DESIGN, world, traffic, 12);
    expect(direct.listingWrites - batched.listingWrites).toBeCloseTo(direct.pageViews * traffic.mix.adPage * (3 - 0.05), 6);
  });

  it('an all-India search asks every listings database: its load does not shrink with more of them', () => {
    const q = peakStatements(DESIGN, world, traffic, 36);
    const many = databases({ ...DESIGN, listingsDatabases: 1000 }, m, [36])[0]!;
    const allIndiaOnEach = (q.searchReads * traffic.allIndiaSearchShare) / DESIGN.readCopies;
    expect(many.peakQps).toBeGreaterThan(allIndiaOnEach);
    expect(many.peakQps).toBeLessThan(allIndiaOnEach * 1.1);
  });

  it('with no listings databases, everything sits in the one core database', () => {
    const shared = databases(BEFORE, m, [1]);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.group).toBe('core');
    expect(shared[0]!.bytes[1]).toBeGreaterThan(databases({ ...BEFORE, listingsDatabases: 1 }, m, [1])[1]!.bytes[1]!);
  });

  it('fails past half the size limit or half the capacity, and names the database and figure', () => {
    const limit = PRICES.d1MaxDatabaseGb.value * GB;
    expect(failures([{ group: 'listings', databases: 4, bytes: { 36: limit * 0.5 }, peakQps: 1000, capacityShare: 0.5 }])).toEqual([]);
    expect(failures([{ group: 'listings', databases: 4, bytes: { 36: limit * 0.51 }, peakQps: 1020, capacityShare: 0.51 }])).toEqual([
      'listings: 5.1 GB after 36 months, over half of 10 GB',
      'listings: 1020 statements/s at the peak, 51 % of one D1',
    ]);
  });

  it('the fewest databases that pass: that many pass, one fewer does not', () => {
    const n = minimumDatabases(DESIGN, m, HORIZON_MONTHS, 'listings');
    expect(Number.isFinite(n)).toBe(true);
    const passes = (k: number) => !failures(databases({ ...DESIGN, listingsDatabases: k }, m, HORIZON_MONTHS)).some((f) => f.startsWith('listings:'));
    expect(passes(n)).toBe(true);
    if (n > 1) expect(passes(n - 1)).toBe(false);
  });
});

describe('rows read per search', () => {
  const { oneDatabase, fourDatabases } = ROWS_READ_PER_SEARCH_MEASURED;
  it("follows the listings' layout: each measured layout its own figure, others on the line through them", () => {
    expect(rowsReadPerSearch(0)).toBe(oneDatabase);
    expect(rowsReadPerSearch(1)).toBe(oneDatabase);
    expect(rowsReadPerSearch(4)).toBe(fourDatabases);
    const ten = rowsReadPerSearch(10);
    expect(ten.basis).toBe('estimate');
    expect(ten.value).toBe(Math.round(oneDatabase.value + 3 * (fourDatabases.value - oneDatabase.value)));
    for (const fig of [oneDatabase, fourDatabases]) expect(fig.note).toMatch(/bench:search.*1000000/);
  });

  it("prices a search's rows at the design's layout: more databases asked, more rows read", () => {
    const w = { ...world, growthPerYear: 0 };
    const d1 = (n: number) => monthlyBill({ ...DESIGN, listingsDatabases: n }, m, 12, w).usage.rowsRead;
    expect(d1(4)).toBeGreaterThan(d1(1));
    // only the searches' rows change with the layout: the differences go as the figures' differences
    expect((d1(10) - d1(4)) / (d1(4) - d1(1))).toBeCloseTo((rowsReadPerSearch(10).value - fourDatabases.value) / (fourDatabases.value - oneDatabase.value), 6);
  });
});

describe('the bill', () => {
  it('a tiny site pays the Workers base and nothing else', () => {
    const tiny = { ...world, pageViewsPerMonth: 1000, monthlyUsers: 10, newAdsPerDay: 1, registeredUsers: 10, newAccountsPerDay: 0, ordersPerDay: 0 };
    const bill = monthlyBill(DESIGN, m, 1, tiny, traffic);
    expect(bill).toMatchObject({ workers: 5, d1: 0, durableObjects: 0, r2: 0, kv: 0, queues: 0, total: 5 });
  });

  it('Workers requests past the included 10 million cost $0.30 a million', () => {
    const w = { ...world, pageViewsPerMonth: 110e6 / traffic.apiCallsPerPageView, growthPerYear: 0 };
    const bill = monthlyBill(DESIGN, m, 1, w, { ...traffic, cpuMsPerRequest: 0 });
    expect(bill.workers).toBeCloseTo(5 + 100 * 0.3, 6);
  });
});

describe('the inputs', () => {
  const all = (o: object): Figure[] => Object.values(o).flatMap((v) => (v && typeof v === 'object' && 'value' in v ? [v as Figure] : all(v as object)));
  it('every figure says what it rests on; published ones name a source', () => {
    for (const fig of [...all(WORLD), ...all(TRAFFIC), ...all(STATEMENTS), ...all(PRICES), ...all(REFERENCE_ROWS)]) {
      expect(fig.note.length, JSON.stringify(fig)).toBeGreaterThan(10);
      if (fig.basis === 'published') expect(fig.note, JSON.stringify(fig)).toMatch(/https?:\/\//);
    }
  });

  it('the page mix covers every page view; the design takes the retention the worker enforces', () => {
    expect(Object.values(TRAFFIC.mix).reduce((n, x) => n + x.value, 0)).toBeCloseTo(1, 10);
    expect(DESIGN.viewerRowDays).toBe(RETENTION.viewerRowDays);
    expect(DESIGN.dailyViewDays).toBe(RETENTION.dailyViewDays);
    expect(DESIGN.notificationsPerUser).toBe(RETENTION.notificationsPerUser);
    expect(DESIGN.archivedChatDays).toBe(RETENTION.archivedChatDays);
  });
});

describe('the tables of several listings databases (decision 033)', () => {
  it('holds moves for good, clean-up records bounded by a run, a photo\'s lookup keys for a day; each with its measured bytes', () => {
    const rows = rowsAt(DESIGN, world, traffic, 36);
    expect(rows.listings.listing_moves).toBeCloseTo(arrived(world.newAdsPerDay * world.movedAdShare, world.growthPerYear, 36), 0);
    expect(rows.core.archive_cleanups).toBe(ARCHIVE_CLEANUPS_HELD.value);
    expect(rows.core.media_lookups).toBeCloseTo(held(world.newAdsPerDay * world.photosPerAd * world.unpostedPhotoShare, world.growthPerYear, 36, 1), 0);
    // one day's unposted uploads, grown: far below a day's photos
    expect(rows.core.media_lookups).toBeLessThan(world.newAdsPerDay * world.photosPerAd * scaleAt(world.growthPerYear, 36));
    // one database: no moves, no clean-up records
    expect(rowsAt(BEFORE, world, traffic, 36).listings.listing_moves).toBe(0);
    expect(rowsAt(BEFORE, world, traffic, 36).core.archive_cleanups).toBe(0);
    for (const table of ['listing_moves', 'archive_cleanups', 'media_lookups']) expect((measured.tables as Record<string, { bytesPerRow: number }>)[table]?.bytesPerRow, table).toBeGreaterThan(0);
  });
});

describe("the core database's own tables (decision 034: what stays in one place)", () => {
  const tables = measured.tables as Record<string, { rows: number; bytesPerRow: number }>;
  it('the invoice series: a number for each paid package order, kept for good; a counter row per financial year begun', () => {
    const noGrowth = { ...world, growthPerYear: 0 };
    const rows = rowsAt(DESIGN, noGrowth, traffic, 36).coreOwn;
    expect(rows.invoice_numbers).toBeCloseTo((noGrowth.ordersPerDay / 2) * 36 * DAYS_PER_MONTH, 0);
    // as many as the package orders ever paid: they never leave
    expect(rows.invoice_numbers).toBeCloseTo(rowsAt(DESIGN, noGrowth, traffic, 36).core.business_orders, 6);
    expect(rows.invoice_counters).toBe(4);
    expect(rowsAt(DESIGN, noGrowth, traffic, 1).coreOwn.invoice_counters).toBe(1);
    // measured, not guessed: the bytes of a row as migration 0051 and 0011 make the tables
    for (const table of ['invoice_numbers', 'invoice_counters']) expect(tables[table]?.bytesPerRow, table).toBeGreaterThan(0);
  });

  it('reference data: the rows the measurement counted, whatever the month', () => {
    for (const [table, rows] of Object.entries(REFERENCE_ROWS)) {
      expect(rows.value, table).toBe(tables[table]?.rows);
      expect(rowsAt(DESIGN, world, traffic, 36).coreOwn[table], table).toBe(rows.value);
      expect(rowsAt(DESIGN, world, traffic, 1).coreOwn[table], table).toBe(rows.value);
    }
  });

  it('with several accounts databases they are one database of their own, printed and checked; with one, in it', () => {
    const withInvoices: MeasuredFigures = { ...m, bytesPerRow: { ...m.bytesPerRow, invoice_numbers: 200, categories: 400 } };
    const split = databases(DESIGN, withInvoices, HORIZON_MONTHS);
    const own = split.find((d) => d.group === 'coreOwn')!;
    expect(own.databases).toBe(1);
    expect(own.bytes[36]).toBeCloseTo(groupBytes(rowsAt(DESIGN, world, traffic, 36).coreOwn, withInvoices), 0);
    expect(own.bytes[36]).toBeCloseTo(rowsAt(DESIGN, world, traffic, 36).coreOwn.invoice_numbers! * 200 + REFERENCE_ROWS.categories.value * 400, 0);
    // checked like the others: a core past half of D1's size fails by its name
    expect(failures([{ ...own, bytes: { 36: PRICES.d1MaxDatabaseGb.value * GB * 0.6 } }])).toEqual(['coreOwn: 6.0 GB after 36 months, over half of 10 GB']);
    // one accounts database: the core holds the accounts and its own tables together
    const together = databases({ ...DESIGN, coreDatabases: 1 }, withInvoices, HORIZON_MONTHS);
    expect(together.map((d) => d.group)).toEqual(['listings', 'core']);
    expect(together[1]!.bytes[36]! - databases({ ...DESIGN, coreDatabases: 1 }, m, HORIZON_MONTHS)[1]!.bytes[36]!).toBeCloseTo(own.bytes[36]!, 0);
  });

  it("the design's core, as measured: well under half of one database after 36 months", () => {
    const own = databases(DESIGN, { bytesPerRow: Object.fromEntries(Object.entries(tables).map(([t, x]) => [t, x.bytesPerRow])), d1QueriesPerSecond: measured.d1.queriesPerSecond }, HORIZON_MONTHS).find((d) => d.group === 'coreOwn')!;
    expect(own.bytes[36]).toBeGreaterThan(0.1 * GB);
    expect(own.bytes[36]).toBeLessThan(PRICES.d1MaxDatabaseGb.value * GB * 0.5);
  });
});
