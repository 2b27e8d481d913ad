/**
 * A D1 binding that fails a share of its calls, for the soak's worker only (scripts/soak/fault-worker.ts,
 * never deployed; decision 029). A failing call throws before it reaches the database, with the words a
 * real D1 outage uses, so the app must answer a readable 503 and leave nothing half-written behind.
 * A batch fails whole (D1 batches are transactions: an outage never applies half of one).
 */

export const INJECTED_MESSAGE = 'D1_ERROR: Network connection lost. (injected by the soak)';

/** Counts the faults injected while serving one request (or one queue batch, one object's life). */
export class FaultCounter {
  injected = 0;
  /** called at each fault (a Durable Object has no one request to report them with) */
  constructor(private readonly onHit?: () => void) {}
  /** the first failed statement's SQL, shortened: where the fault hit, for the soak's log */
  firstSql: string | undefined;
  hit(sql: string) {
    this.injected++;
    this.onHit?.();
    this.firstSql ??= sql.replace(/\s+/g, ' ').slice(0, 120);
  }
}

type Decide = () => boolean;

class FaultyStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly fail: Decide,
    private readonly counter: FaultCounter,
  ) {}
  bind(...values: unknown[]) {
    return new FaultyStatement(this.inner.bind(...values), this.sql, this.fail, this.counter);
  }
  #guard() {
    if (this.fail()) {
      this.counter.hit(this.sql);
      throw new Error(INJECTED_MESSAGE);
    }
  }
  async first(column?: string) {
    this.#guard();
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }
  async all() {
    this.#guard();
    return this.inner.all();
  }
  async run() {
    this.#guard();
    return this.inner.run();
  }
  async raw(options?: { columnNames?: boolean }) {
    this.#guard();
    return this.inner.raw(options as { columnNames: true });
  }
}

const unwrap = (statements: D1PreparedStatement[]) => statements.map((s) => (s instanceof FaultyStatement ? s.inner : s));

/** prepare/batch over a session or a binding, failing `rate` of the calls. */
class FaultySession {
  constructor(
    protected readonly real: D1Database | D1DatabaseSession,
    protected readonly fail: Decide,
    protected readonly counter: FaultCounter,
  ) {}
  prepare(sql: string) {
    return new FaultyStatement(this.real.prepare(sql), sql, this.fail, this.counter) as unknown as D1PreparedStatement;
  }
  async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    if (this.fail()) {
      this.counter.hit(`batch: ${statements.map((s) => (s instanceof FaultyStatement ? s.sql : '?')).join(' ; ')}`);
      throw new Error(INJECTED_MESSAGE);
    }
    return this.real.batch<T>(unwrap(statements));
  }
  getBookmark() {
    return 'getBookmark' in this.real ? this.real.getBookmark() : null;
  }
}

class FaultyDatabase extends FaultySession {
  constructor(
    private readonly binding: D1Database,
    fail: Decide,
    counter: FaultCounter,
  ) {
    super(binding, fail, counter);
  }
  withSession(start?: D1SessionConstraint | D1SessionBookmark) {
    return new FaultySession(this.binding.withSession(start), this.fail, this.counter) as unknown as D1DatabaseSession;
  }
  async exec(sql: string) {
    if (this.fail()) {
      this.counter.hit(sql);
      throw new Error(INJECTED_MESSAGE);
    }
    return this.binding.exec(sql);
  }
  dump() {
    return this.binding.dump();
  }
}

/**
 * `real` wrapped so that each call fails with probability `rate` (0 = never). `random` is
 * injectable so the unit test can decide exactly which calls fail.
 */
export const faultyD1 = (real: D1Database, rate: number, counter: FaultCounter, random: () => number = Math.random): D1Database =>
  rate <= 0 ? real : (new FaultyDatabase(real, () => random() < rate, counter) as unknown as D1Database);

/** The soak's fault settings, from the worker's vars (`--var SOAK_D1_FAULT_RATE:0.02` and so on). */
export interface FaultSettings {
  /** share of D1 calls that fail, in requests, queue batches and the chat rooms */
  d1Rate: number;
  /** share of handled alert messages delivered once more */
  redeliveryRate: number;
}

const share = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1) : 0;
};

export const faultSettings = (env: Record<string, unknown>): FaultSettings => ({
  d1Rate: share(env.SOAK_D1_FAULT_RATE),
  redeliveryRate: share(env.SOAK_REDELIVERY_RATE),
});
