/**
 * Databases in their own process, for benchmarks only (never deployed; `bench:search --databases-apart`).
 *
 * `wrangler dev` runs the worker and miniflare's local D1 databases in one workerd thread, so a search
 * over four databases pays the four databases' work on the worker's own core — which production does
 * not: there D1 is a separate service. Here each database runs in a miniflare of its own
 * (scripts/bench/d1-host-worker.ts, over the same persisted state, started by bench:search) and the worker's D1 bindings are
 * thin forwarders: each call (first/all/run/raw, batch, exec, in or out of a session) travels as one
 * HTTP request, the far side runs it on the real local D1 and sends D1's own answer back — results,
 * meta (rows_read included) and the session's bookmark — so the worker cannot tell the difference
 * except by the time the trip takes.
 */

type Method = 'first' | 'all' | 'run' | 'raw';

export interface WireStatement {
  sql: string;
  params: unknown[];
}

/** One D1 call as it travels. `session` absent: the binding used without a session. */
export interface WireCall {
  binding: string;
  session?: string;
  op: Method | 'batch' | 'exec';
  statements: WireStatement[];
  /** first(column) */
  column?: string;
  /** raw({ columnNames: true }) */
  columnNames?: boolean;
}

export interface WireAnswer {
  ok: boolean;
  value?: unknown;
  bookmark?: string | null;
  error?: string;
}

type Send = (call: WireCall) => Promise<WireAnswer>;

/** Sends calls to the databases' process at `url` with the given fetch (the worker's own). */
export const httpSender =
  (url: string, fetcher: typeof fetch = fetch): Send =>
  async (call) => {
    const res = await fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
    return (await res.json()) as WireAnswer;
  };

class ForwardedStatement {
  constructor(
    readonly owner: ForwardedSession,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...values: unknown[]) {
    return new ForwardedStatement(this.owner, this.sql, values);
  }

  get wire(): WireStatement {
    return { sql: this.sql, params: this.params };
  }

  first(column?: string) {
    return this.owner.call({ op: 'first', statements: [this.wire], ...(column === undefined ? {} : { column }) });
  }

  all() {
    return this.owner.call({ op: 'all', statements: [this.wire] });
  }

  run() {
    return this.owner.call({ op: 'run', statements: [this.wire] });
  }

  raw(options?: { columnNames?: boolean }) {
    return this.owner.call({ op: 'raw', statements: [this.wire], ...(options?.columnNames ? { columnNames: true } : {}) });
  }
}

/** The binding without a session (`session` undefined), or one D1 session that follows its bookmark. */
class ForwardedSession {
  constructor(
    readonly binding: string,
    readonly send: Send,
    /** the session's start, then the latest bookmark the far side handed back */
    public session: string | undefined,
  ) {}

  prepare(sql: string) {
    return new ForwardedStatement(this, sql) as unknown as D1PreparedStatement;
  }

  batch(statements: D1PreparedStatement[]) {
    return this.call({ op: 'batch', statements: (statements as unknown as ForwardedStatement[]).map((s) => s.wire) });
  }

  getBookmark() {
    // before any call a session has no bookmark, as D1's own
    return this.session === undefined || !this.#called ? null : this.session;
  }

  #called = false;

  async call(call: Omit<WireCall, 'binding' | 'session'>): Promise<any> {
    const answer = await this.send({ binding: this.binding, ...(this.session === undefined ? {} : { session: this.session }), ...call });
    // the far side's error, rethrown with D1's message (constraint names and all)
    if (!answer.ok) throw new Error(answer.error ?? 'D1 call failed in the databases process');
    if (this.session !== undefined && typeof answer.bookmark === 'string') {
      this.session = answer.bookmark;
      this.#called = true;
    }
    return answer.value;
  }
}

/** A D1Database whose every call runs on `binding` in the databases' process. */
export const forwardedD1 = (binding: string, send: Send): D1Database => {
  const plain = new ForwardedSession(binding, send, undefined);
  return {
    prepare: (sql: string) => plain.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => plain.batch(statements),
    exec: (sql: string) => plain.call({ op: 'exec', statements: [{ sql, params: [] }] }),
    withSession: (start?: string) => new ForwardedSession(binding, send, start ?? 'first-unconstrained') as unknown as D1DatabaseSession,
    dump: () => Promise.reject(new Error('dump() is not forwarded to the databases process')),
  } as unknown as D1Database;
};

const runOne = (db: D1Database | D1DatabaseSession, op: Method, s: WireStatement, call: WireCall) => {
  const stmt = db.prepare(s.sql).bind(...s.params);
  if (op === 'first') return call.column === undefined ? stmt.first() : stmt.first(call.column);
  if (op === 'all') return stmt.all();
  if (op === 'run') return stmt.run();
  return call.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw();
};

/** The far side: runs one call on the real binding of `env` and answers in D1's own shapes. */
export const answerCall = async (env: Record<string, unknown>, call: WireCall): Promise<WireAnswer> => {
  const binding = env[call.binding] as D1Database | undefined;
  if (!binding || typeof (binding as D1Database).prepare !== 'function') return { ok: false, error: `no D1 binding ${call.binding} in the databases process` };
  try {
    if (call.op === 'exec') return { ok: true, value: await binding.exec(call.statements[0]!.sql) };
    const session = call.session !== undefined && typeof binding.withSession === 'function' ? binding.withSession(call.session) : undefined;
    const db = session ?? binding;
    const value =
      call.op === 'batch' ? await db.batch(call.statements.map((s) => db.prepare(s.sql).bind(...s.params))) : await runOne(db, call.op, call.statements[0]!, call);
    return { ok: true, value, ...(session ? { bookmark: session.getBookmark() } : {}) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
};
