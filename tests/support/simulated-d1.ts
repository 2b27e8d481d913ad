/**
 * A D1 binding as production sees it, for tests and benchmarks only (never deployed; decision 022):
 *
 * - every call waits a set delay — one for the primary, one for a read replica — before it runs,
 *   the network round trip that a call to D1 costs from a Worker far from the database;
 * - it counts the calls a request made and the round trips it waited on one after another
 *   (a call issued after another finished waited for it; calls in flight together, or one
 *   `batch()`, are one round trip);
 * - with a second database as the replica, reads may be served stale: the replica replays the
 *   primary's writes (the ones made through this wrapper) `lagWrites` behind, or not at all while
 *   frozen. Sessions honour bookmarks as D1 does: a session never reads older than its bookmark
 *   (a replica behind it sends the read to the primary), and a write always goes to the primary.
 *
 * Bookmarks have D1's shape and sort the same way: `<write count, 8 hex>-00000000-00000000-<tag>`.
 */

export interface Latency {
  primaryMs: number;
  replicaMs: number;
}

/** Round trips and calls of one request (or of whatever shares this counter). */
export class RoundTripCounter {
  calls = 0;
  primaryCalls = 0;
  replicaCalls = 0;
  /** the longest chain of calls each issued after the one before had finished */
  roundTrips = 0;
  #finished = 0;

  /** each call's place in the chain and its first statement, to find what to fold together */
  readonly trace: { depth: number; where: 'primary' | 'replica'; sql: string }[] = [];

  async track<T>(where: 'primary' | 'replica', run: () => Promise<T>, sql = ''): Promise<T> {
    const depth = this.#finished + 1;
    this.trace.push({ depth, where, sql: sql.replace(/\s+/g, ' ').slice(0, 140) });
    this.calls++;
    if (where === 'primary') this.primaryCalls++;
    else this.replicaCalls++;
    this.roundTrips = Math.max(this.roundTrips, depth);
    try {
      return await run();
    } finally {
      this.#finished = Math.max(this.#finished, depth);
    }
  }
}

interface LoggedWrite {
  sql: string;
  params: unknown[];
}

/**
 * The primary and its one replica, shared by every request of a test file or bench worker. The
 * replica copy starts equal to the primary (both migrated alike; use copyTables for rows written
 * around the wrapper, e.g. by factories) and follows it only through writes made via the wrapper.
 */
export class ReplicatedD1 {
  readonly primary: D1Database;
  /** absent: the replica is the primary itself (delays only, never stale) */
  readonly replica: D1Database | undefined;
  /** how many of the primary's writes the replica is behind; Infinity = frozen */
  lagWrites = 0;
  #log: LoggedWrite[] = [];
  #applied = 0;

  constructor(primary: D1Database, replica?: D1Database) {
    this.primary = primary;
    this.replica = replica;
  }

  get primaryPosition() {
    return this.#log.length;
  }

  get replicaPosition() {
    return this.replica ? this.#applied : this.#log.length;
  }

  record(writes: LoggedWrite[]) {
    if (this.replica) this.#log.push(...writes);
    else this.#applied = this.#log.length; // unused: no copy to follow
  }

  /** Replays writes onto the replica up to `lagWrites` behind the primary (or to `position`). */
  async catchUp(position = this.#log.length - this.lagWrites) {
    if (!this.replica) return;
    const target = Math.min(this.#log.length, Math.max(this.#applied, position));
    if (target <= this.#applied) return;
    const pending = this.#log.slice(this.#applied, target);
    this.#applied = target;
    const replica = this.replica;
    await replica.batch(pending.map((w) => replica.prepare(w.sql).bind(...w.params)));
  }

  /** Copies whole tables from the primary to the replica (for rows written around the wrapper). */
  async copyTables(names: string[]) {
    const replica = this.replica;
    if (!replica) return;
    for (const name of names) {
      // generated columns cannot be written: copy the stored ones
      const { results: stored } = await this.primary.prepare('SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0').bind(name).all<{ name: string }>();
      const columns = stored.map((c) => c.name);
      const { results } = await this.primary.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${name}"`).all<Record<string, unknown>>();
      const statements = [replica.prepare(`DELETE FROM "${name}"`)];
      for (const row of results) {
        statements.push(replica.prepare(`INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).bind(...columns.map((c) => row[c])));
      }
      await replica.batch(statements);
    }
  }
}

const TAG = '73696d756c61746564207265706c6963'; // "simulated replic" in hex: not a real D1 bookmark
const bookmarkAt = (position: number) => `${position.toString(16).padStart(8, '0')}-00000000-00000000-${TAG}`;
const positionOf = (bookmark: string): number | undefined => {
  const m = /^([0-9a-f]{8})-00000000-00000000-([0-9a-f]+)$/.exec(bookmark);
  return m && m[2] === TAG ? parseInt(m[1]!, 16) : undefined;
};

/** Writes, as SQLite sees them: anything that is not a plain read. */
const WRITE_START = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(insert|update|delete|replace|create|drop|alter)\b/i;
const isWrite = (sql: string) => WRITE_START.test(sql) || (/^\s*with\b/i.test(sql) && /\b(insert|update|delete|replace)\s/i.test(sql));

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

type Method = 'first' | 'all' | 'run' | 'raw';

class SimulatedStatement {
  constructor(
    readonly session: SimulatedSession,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...values: unknown[]) {
    return new SimulatedStatement(this.session, this.sql, values);
  }

  on(db: D1Database) {
    return db.prepare(this.sql).bind(...this.params);
  }

  first(column?: string) {
    return this.session.execute([this], (db, [s]) => (column === undefined ? s!.on(db).first() : s!.on(db).first(column)));
  }

  all() {
    return this.session.execute([this], (db, [s]) => s!.on(db).all());
  }

  run() {
    return this.session.execute([this], (db, [s]) => s!.on(db).run());
  }

  raw(options?: { columnNames?: boolean }) {
    return this.session.execute([this], (db, [s]) => (options?.columnNames ? s!.on(db).raw({ columnNames: true }) : s!.on(db).raw()));
  }
}

/** One D1 session (or, with the constraint 'primary', the binding used without sessions). */
class SimulatedSession {
  #position: number | null = null;
  #firstPrimary: boolean;
  #always: boolean;

  constructor(
    readonly d1: ReplicatedD1,
    readonly latency: Latency,
    readonly counter: RoundTripCounter,
    start: string,
  ) {
    this.#always = start === 'primary';
    this.#firstPrimary = start === 'first-primary';
    if (start !== 'first-primary' && start !== 'first-unconstrained' && !this.#always) {
      const position = positionOf(start);
      // a bookmark from elsewhere cannot be placed: the safe reading is the primary
      if (position === undefined) this.#firstPrimary = true;
      else this.#position = position;
    }
  }

  prepare(sql: string) {
    return new SimulatedStatement(this, sql) as unknown as D1PreparedStatement;
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    const own = statements as unknown as SimulatedStatement[];
    return this.execute(own, (db, list) => db.batch<T>(list.map((s) => s.on(db))));
  }

  getBookmark() {
    return this.#position === null ? null : bookmarkAt(this.#position);
  }

  async execute<T>(statements: SimulatedStatement[], run: (db: D1Database, list: SimulatedStatement[]) => Promise<T>): Promise<T> {
    const writes = statements.filter((s) => isWrite(s.sql));
    const d1 = this.d1;
    let where: 'primary' | 'replica' = 'primary';
    if (!writes.length && !this.#always) {
      await d1.catchUp();
      const fresh = this.#position === null ? !this.#firstPrimary : d1.replicaPosition >= this.#position;
      if (fresh) where = 'replica';
    }
    return this.counter.track(where, async () => {
      await wait(where === 'primary' ? this.latency.primaryMs : this.latency.replicaMs);
      const db = where === 'replica' && d1.replica ? d1.replica : d1.primary;
      const result = await run(db, statements);
      if (writes.length) d1.record(writes.map((s) => ({ sql: s.sql, params: s.params })));
      const served = where === 'primary' ? d1.primaryPosition : d1.replicaPosition;
      this.#position = Math.max(this.#position ?? 0, served);
      return result;
    }, `${statements.length > 1 ? `[batch of ${statements.length}] ` : ''}${statements[0]?.sql ?? ''}`);
  }
}

/**
 * A D1Database over `d1` with these delays, counting into `counter`. Used without sessions it acts
 * as the primary; `withSession` gives sessions that may read the replica.
 */
export const simulatedD1 = (d1: ReplicatedD1, latency: Latency, counter: RoundTripCounter): D1Database => {
  const plain = new SimulatedSession(d1, latency, counter, 'primary');
  return {
    prepare: (sql: string) => plain.prepare(sql),
    batch: <T>(statements: D1PreparedStatement[]) => plain.batch<T>(statements),
    exec: (sql: string) => counter.track('primary', async () => (await wait(latency.primaryMs), d1.primary.exec(sql))),
    withSession: (start?: string) => new SimulatedSession(d1, latency, counter, start ?? 'first-unconstrained') as unknown as D1DatabaseSession,
    dump: () => d1.primary.dump(),
  } as unknown as D1Database;
};
