/**
 * Every request reads and writes D1 through one Sessions API session (decision 022), so read
 * replicas can answer reads while a user never sees a state older than their own last write.
 *
 * - A request that may write (any method but GET/HEAD) starts at the primary ('first-primary'):
 *   its writes go there anyway, and the checks it reads before writing (ownership, blocks, limits)
 *   should not come from a copy that lags.
 * - A read that brings the bookmark of the user's last answer continues from it: D1 serves it
 *   from a replica at least that new, or from the primary.
 * - Any other read starts anywhere ('first-unconstrained'): the nearest replica.
 * The answer carries the session's latest bookmark in `x-d1-bookmark`; the web client keeps the
 * newest it has seen and sends it back with every API call.
 *
 * This is the one place requests get their databases. With listings over several databases
 * (decision 033) or accounts over several (decision 034) the request gets one session per database,
 * each continuing from its own part of a compound bookmark, and answers with the compound bookmark
 * of all of them: the core's part, then each listings database's (when there are several), then
 * each accounts database's (when there are several).
 */

import { BOOKMARK_HEADER, bookmarkParts, isBookmark, joinBookmarks, newerBookmark } from '../schemas/bookmark';
import { ACCOUNTS_BINDINGS, accountsDatabaseCount, type AccountsEnv } from './accounts';
import { LISTINGS_BINDINGS, listingDatabaseCount, type ShardEnv } from './shards';

export { BOOKMARK_HEADER, isBookmark, newerBookmark };

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The session constraint (or bookmark) a request starts from. */
export const sessionStart = (request: Request): D1SessionConstraint | D1SessionBookmark => {
  if (!READ_METHODS.has(request.method)) return 'first-primary';
  const bookmark = request.headers.get(BOOKMARK_HEADER);
  return isBookmark(bookmark) ? bookmark : 'first-unconstrained';
};

/**
 * The binding's session; a D1-shaped stand-in without sessions (a test's fault-injecting wrapper)
 * is used as it is, reads and writes both going straight to it, with no bookmark.
 */
const sessionOf = (binding: D1Database, start: D1SessionConstraint | D1SessionBookmark): D1DatabaseSession =>
  typeof binding.withSession === 'function'
    ? binding.withSession(start)
    : Object.assign(Object.create(binding) as D1DatabaseSession, { getBookmark: () => null });

/**
 * A D1Database-shaped handle over the request's session, so services keep calling
 * `env.DB.prepare(...)`, `env.DB.batch(...)` and `getDb(env.DB)` unchanged.
 */
export class RequestD1 {
  #binding: D1Database;
  #session: D1DatabaseSession;
  #earlier: string | null = null;

  constructor(binding: D1Database, start: D1SessionConstraint | D1SessionBookmark) {
    this.#binding = binding;
    this.#session = sessionOf(binding, start);
  }

  prepare(query: string): D1PreparedStatement {
    return this.#session.prepare(query);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.#session.batch<T>(statements);
  }

  exec(): Promise<D1ExecResult> {
    throw new Error('exec() is not available inside a request session: use prepare() or batch()');
  }

  withSession(start?: D1SessionConstraint | D1SessionBookmark): D1DatabaseSession {
    return this.#binding.withSession(start);
  }

  dump(): Promise<ArrayBuffer> {
    throw new Error('dump() is not available inside a request session');
  }

  /**
   * The following reads must see writes made outside this session (a chat room's copy of its log
   * to D1): they start again at the primary. The bookmark already reached is kept.
   */
  readFromPrimary(): void {
    this.#earlier = newerBookmark(this.#earlier, this.#session.getBookmark());
    this.#session = sessionOf(this.#binding, 'first-primary');
  }

  /** The newest point this request has read or written at; null if it never asked D1. */
  getBookmark(): string | null {
    return newerBookmark(this.#earlier, this.#session.getBookmark());
  }
}

/** A request's sessions, one per database; the bookmark is compound when there are several. */
export class RequestSessions {
  constructor(readonly sessions: readonly RequestD1[]) {}

  getBookmark(): string | null {
    return joinBookmarks(this.sessions.map((s) => s.getBookmark()));
  }
}

/**
 * The request's own environment: the same bindings, with DB (and each listings or accounts database
 * when there are several) read through its session.
 */
export const withRequestSession = <E extends ShardEnv & AccountsEnv>(env: E, request: Request): { env: E; db: RequestSessions } => {
  const start = sessionStart(request);
  const listings = listingDatabaseCount(env);
  const accounts = accountsDatabaseCount(env);
  const parts = typeof start === 'string' && isBookmark(start) ? bookmarkParts(start) : [];
  // a part the bookmark does not carry starts as a request without one would
  const partStart = (i: number): D1SessionConstraint | D1SessionBookmark =>
    parts.length ? (parts[i] ?? (start === 'first-primary' ? 'first-primary' : 'first-unconstrained')) : start;
  const core = new RequestD1(env.DB, partStart(0));
  const sessionEnv: E = { ...env, DB: core as unknown as D1Database };
  const sessions = [core];
  // the parts in bookmark order: listings databases, then accounts databases, each only when there are several
  const split = [...(listings > 1 ? LISTINGS_BINDINGS.slice(0, listings) : []), ...(accounts > 1 ? ACCOUNTS_BINDINGS.slice(0, accounts) : [])];
  split.forEach((binding, i) => {
    const session = new RequestD1(env[binding as keyof E] as D1Database, partStart(i + 1));
    sessions.push(session);
    Object.assign(sessionEnv, { [binding]: session as unknown as D1Database });
  });
  return { env: sessionEnv, db: new RequestSessions(sessions) };
};

/** See RequestD1.readFromPrimary; a no-op for a plain binding (cron, queues, tests that pass one). */
export const readFromPrimary = (env: { DB: D1Database }) => {
  const db = env.DB as unknown as Partial<RequestD1>;
  if (typeof db.readFromPrimary === 'function') db.readFromPrimary();
};

/** The answer with the request's bookmark, for the client to send back. */
export const withBookmark = (response: Response, db: { getBookmark(): string | null }): Response => {
  const bookmark = db.getBookmark();
  // a WebSocket upgrade (101) cannot be rebuilt, and there is nothing to remember for one
  if (!bookmark || response.status === 101 || response.webSocket) return response;
  const out = new Response(response.body, response);
  out.headers.set(BOOKMARK_HEADER, bookmark);
  return out;
};
