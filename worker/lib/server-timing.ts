import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

/**
 * Where a fresh answer spends its time, per stage, as a `Server-Timing` header the benchmarks read
 * (decision 023). On only under EDGE_CACHE=measure (the benchmarks' own wrangler dev; the deploy
 * guard refuses that value), never in production: the header would tell anyone how long our
 * database and caches take per request, and a deployed Worker's clock stands still while its code
 * runs (it moves on I/O), so the CPU stages would read 0 there anyway.
 *
 * A stage's figure is the time summed over every call of it in the request, the page's inlined API
 * answers included (they run inside the page's request). Stages overlap where work runs
 * concurrently (the inlined answers are fetched side by side) or nests (`photos` includes its own
 * database call), so they do not add up to `total`.
 */
export type Stage =
  /** KV: the data version, cached search totals */
  | 'kv'
  /** every D1 call, as the worker waits for it (round trip and SQLite) */
  | 'db'
  /** query understanding: dictionary, places, lexicon, the plan */
  | 'understand'
  /** building the search SQL */
  | 'sql'
  /** featured pins: choosing and reading the pinned ads */
  | 'pins'
  /** the page's photos (their D1 read included) */
  | 'photos'
  /** rows → the API's listing objects */
  | 'hydrate'
  /** a page's inlined answers as JSON (and a seller page's, still API requests inside the page's: their JSON read back) */
  | 'boot'
  /** the app shell and the build's preload list, from the static assets */
  | 'shell'
  /** the page's head tags and its first screen as markup */
  | 'markup'
  /** the edge cache on a miss: the body read to its end (the HTML rewriting streams into it), its ETag, the entry */
  | 'cache'
  /** the request's D1 sessions (one per database) and the bookmark on the answer (worker/db/session.ts) */
  | 'session'
  /** the whole Hono app: routing, every middleware and the handler */
  | 'app'
  /** the route's own middleware (authentication, validation) and its handler, everything the app-wide middleware wraps */
  | 'handler'
  /** each app-wide middleware's own time, without what it wraps (worker/app.ts); `mw-edge` includes `cache` */
  | 'mw-again-as-guest'
  | 'mw-edge'
  | 'mw-secure-headers'
  | 'mw-private'
  | 'mw-body-limit';

interface Totals {
  stages: Map<Stage, { ms: number; calls: number }>;
  /** each D1 statement's name, rows read and SQLite time (D1's own meta) and its text's hash, in the order they ran */
  statements: { name: string; rows: number; ms: number; text: string }[];
}

const storage = new AsyncLocalStorage<Totals>();

/** Runs one request with stage timing on; returns its response with the Server-Timing header. */
export const withServerTiming = async (run: () => Promise<Response>): Promise<Response> => {
  const totals: Totals = { stages: new Map(), statements: [] };
  const started = performance.now();
  const res = await storage.run(totals, run);
  const total = performance.now() - started;
  const parts = [...totals.stages].map(([name, { ms, calls }]) => `${name};dur=${ms.toFixed(2)};desc="${calls}"`);
  const out = new Response(res.body, res);
  out.headers.set('server-timing', [...parts, `total;dur=${total.toFixed(2)}`].join(', '));
  if (totals.statements.length) out.headers.set('x-d1-statements', totals.statements.map((s) => `${s.name};rows=${s.rows};dur=${s.ms.toFixed(3)};sql=${s.text}`).join(', '));
  return out;
};

const add = (totals: Totals, stage: Stage, ms: number) => {
  const entry = totals.stages.get(stage);
  if (entry) {
    entry.ms += ms;
    entry.calls++;
  } else totals.stages.set(stage, { ms, calls: 1 });
};

/** `fn`'s time charged to `stage` when timing is on; just `fn` otherwise. */
export const timed = <T>(stage: Stage, fn: () => T): T => {
  const totals = storage.getStore();
  if (!totals) return fn();
  const started = performance.now();
  const result = fn();
  if (result instanceof Promise) {
    return result.finally(() => add(totals, stage, performance.now() - started)) as T;
  }
  add(totals, stage, performance.now() - started);
  return result;
};

/**
 * A middleware with its own time charged to `stage`: the time inside it less the time inside what it
 * wraps (`next`), so the app-wide middleware can be read one by one. Without timing on, one
 * AsyncLocalStorage lookup and the middleware itself.
 */
export const timedMiddleware =
  <M extends MiddlewareHandler>(stage: Stage, middleware: M): M =>
  (async (c, next) => {
    const totals = storage.getStore();
    if (!totals) return middleware(c, next);
    let inner = 0;
    const started = performance.now();
    try {
      return await middleware(c, async () => {
        const entered = performance.now();
        try {
          await next();
        } finally {
          inner += performance.now() - entered;
        }
      });
    } finally {
      add(totals, stage, performance.now() - started - inner);
    }
  }) as M;

/** A middleware that charges everything it wraps to `stage` (the route's middleware and handler). */
export const stageAround =
  (stage: Stage): MiddlewareHandler =>
  async (_c, next) => {
    await timed(stage, () => next());
  };

/**
 * A short name for a statement, so a benchmark can sum each kind of statement over a series
 * (bench:uncached --statements): the listing search's own statements by their shape, others by
 * their first words.
 */
const statementName = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  if (flat.includes('pin_key')) return 'pins';
  if (/SELECT count\(\*\) AS total/.test(flat)) return flat.includes('listings_fts') ? 'count-text' : 'count';
  if (flat.includes('FROM listings b JOIN listings l')) return 'related';
  if (flat.startsWith('SELECT id, user_id, status FROM listings WHERE id')) return 'related-ad';
  if (/FROM listings l .*WHERE l\.(slug|id) = \? LIMIT 1$/.test(flat)) return 'ad';
  if (flat.includes('FROM p CROSS JOIN listings l')) return flat.includes('listings_fts') ? 'page-text' : flat.includes('is_featured = 1') ? 'pin-candidates' : 'page';
  return flat.slice(0, 40).replace(/[,;"]/g, ' ');
};

/**
 * A statement's text as a short hash: SQLite compiles a text it has not kept in its statement cache
 * (a page-sized statement's compile costs about as much CPU as a small D1 call's whole crossing,
 * scripts/bench/d1-call-cost.ts), so a benchmark can count the texts a series of fresh answers
 * brings that were not seen before.
 */
const textHash = (sql: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < sql.length; i++) h = Math.imul(h ^ sql.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
};

/** D1's own count and time for each statement of a result (a batch's results in order). */
const noteStatements = (sqls: string[], results: unknown) => {
  const totals = storage.getStore();
  if (!totals) return;
  const list = (Array.isArray(results) ? results : [results]) as { meta?: { rows_read?: number; duration?: number } }[];
  sqls.forEach((sql, i) => {
    const meta = list[i]?.meta;
    if (meta) totals.statements.push({ name: statementName(sql), rows: meta.rows_read ?? 0, ms: meta.duration ?? 0, text: textHash(sql) });
  });
};

/** each wrapped statement's SQL text, for noteStatements */
const statementSql = new WeakMap<object, string>();

type Method = (...args: unknown[]) => unknown;
type Statement = Record<'all' | 'first' | 'run' | 'raw' | 'bind', Method>;

/**
 * The D1 binding with every call charged to `db`. The statements stay the binding's own objects
 * (batch() accepts nothing else): their methods are wrapped on each instance.
 */
const timedD1 = (d1: D1Database): D1Database => {
  const wrapStatement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const s = stmt as unknown as Statement;
    statementSql.set(stmt, sql);
    for (const method of ['all', 'first', 'run', 'raw'] as const) {
      const original = s[method].bind(s);
      // all() and run() answer with D1's meta; first() and raw() do not
      s[method] = (...args: unknown[]) =>
        timed('db', () => {
          const result = original(...args);
          return method === 'all' || method === 'run' ? (result as Promise<unknown>).then((r) => (noteStatements([sql], r), r)) : result;
        });
    }
    const bind = s.bind.bind(s);
    s.bind = (...values: unknown[]) => wrapStatement(bind(...values) as D1PreparedStatement, sql);
    return stmt;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrapStatement(target.prepare(sql), sql);
      if (prop === 'batch')
        return (stmts: D1PreparedStatement[]) =>
          timed('db', () => target.batch(stmts).then((results) => (noteStatements(stmts.map((st) => statementSql.get(st) ?? '?'), results), results)));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
};

const timedKv = (kv: KVNamespace): KVNamespace =>
  new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = (value as (...a: unknown[]) => unknown).bind(target);
      return prop === 'get' || prop === 'put' || prop === 'getWithMetadata' ? (...args: unknown[]) => timed('kv', () => fn(...args)) : fn;
    },
  });

/** One timed copy of the bindings per isolate (drizzle instances are kept per D1 binding object). */
const timedEnvs = new WeakMap<object, unknown>();
export const timedEnv = <E extends { DB: D1Database; CACHE: KVNamespace }>(env: E): E => {
  let out = timedEnvs.get(env) as E | undefined;
  if (!out) timedEnvs.set(env, (out = { ...env, DB: timedD1(env.DB), CACHE: timedKv(env.CACHE) }));
  return out;
};
