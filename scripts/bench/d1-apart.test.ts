import { describe, expect, it } from 'vitest';
import { answerCall, forwardedD1, type WireCall } from './d1-apart';

/** A D1 stand-in on the far side that records what it ran and answers in D1's shapes. */
const farD1 = () => {
  const ran: { sql: string; params: unknown[]; op: string; session?: string }[] = [];
  const meta = { rows_read: 7, rows_written: 0, duration: 0.1 };
  const make = (session?: string) => {
    let bookmark = session && session.startsWith('first-') ? null : (session ?? null);
    const statement = (sql: string, params: unknown[] = []) => {
      const note = (op: string) => {
        ran.push({ sql, params, op, ...(session ? { session } : {}) });
        if (session) bookmark = `bm-${ran.length}`;
      };
      return {
        bind: (...values: unknown[]) => statement(sql, values),
        first: async (column?: string) => (note('first'), sql.includes('none') ? null : column ? params[0] : { id: params[0] }),
        all: async () => (note('all'), { success: true, meta, results: [{ id: params[0] }] }),
        run: async () => {
          note('run');
          if (sql.includes('broken')) throw new Error('D1_ERROR: UNIQUE constraint failed: listings.slug');
          return { success: true, meta: { ...meta, changes: 1 }, results: [] };
        },
        raw: async (opts?: { columnNames?: boolean }) => (note('raw'), opts?.columnNames ? [['id'], [params[0]]] : [[params[0]]]),
        sql,
      };
    };
    return {
      prepare: (sql: string) => statement(sql),
      batch: async (list: { all: () => Promise<unknown> }[]) => Promise.all(list.map((s) => s.all())),
      exec: async (sql: string) => (ran.push({ sql, params: [], op: 'exec' }), { count: 1, duration: 0 }),
      getBookmark: () => bookmark,
    };
  };
  const binding = { ...make(), withSession: (start: string) => make(start) };
  return { ran, env: { LISTINGS_2: binding } as Record<string, unknown> };
};

/** The near side wired straight to the far side, through JSON as on the wire. */
const pair = () => {
  const far = farD1();
  const calls: WireCall[] = [];
  const db = forwardedD1('LISTINGS_2', async (call) => {
    calls.push(JSON.parse(JSON.stringify(call)) as WireCall);
    return JSON.parse(JSON.stringify(await answerCall(far.env, JSON.parse(JSON.stringify(call)) as WireCall)));
  });
  return { db, far, calls };
};

describe('D1 calls forwarded to the databases process', () => {
  it('answers first/all/run/raw/batch in D1 shapes, meta (rows_read) included', async () => {
    const { db, far } = pair();
    expect(await db.prepare('SELECT a').bind('x1').first()).toEqual({ id: 'x1' });
    expect(await db.prepare('SELECT a').bind('x2').first('id')).toBe('x2');
    expect(await db.prepare('SELECT none').first()).toBeNull();
    const all = await db.prepare('SELECT b').bind(3).all();
    expect(all.results).toEqual([{ id: 3 }]);
    expect(all.meta.rows_read).toBe(7);
    expect((await db.prepare('UPDATE c').bind(1).run()).meta.changes).toBe(1);
    expect(await db.prepare('SELECT d').bind('r').raw()).toEqual([['r']]);
    expect(await db.prepare('SELECT d').bind('r').raw({ columnNames: true })).toEqual([['id'], ['r']]);
    const batch = await db.batch([db.prepare('SELECT e').bind(1), db.prepare('SELECT f').bind(2)]);
    expect(batch.map((r) => r.results)).toEqual([[{ id: 1 }], [{ id: 2 }]]);
    expect(await db.exec('PRAGMA x')).toEqual({ count: 1, duration: 0 });
    expect(far.ran.map((r) => `${r.op} ${r.sql} ${JSON.stringify(r.params)}`)).toEqual([
      'first SELECT a ["x1"]',
      'first SELECT a ["x2"]',
      'first SELECT none []',
      'all SELECT b [3]',
      'run UPDATE c [1]',
      'raw SELECT d ["r"]',
      'raw SELECT d ["r"]',
      'all SELECT e [1]',
      'all SELECT f [2]',
      'exec PRAGMA x []',
    ]);
  });

  it("rethrows the far side's D1 error with its message", async () => {
    const { db } = pair();
    await expect(db.prepare('INSERT broken').run()).rejects.toThrow('UNIQUE constraint failed: listings.slug');
  });

  it('a session starts where asked and then follows the bookmarks the far side hands back', async () => {
    const { db, calls } = pair();
    const session = db.withSession('first-primary');
    expect(session.getBookmark()).toBeNull();
    await session.prepare('SELECT a').bind(1).first();
    expect(session.getBookmark()).toBe('bm-1');
    await session.prepare('SELECT b').bind(2).all();
    expect(calls.map((c) => c.session)).toEqual(['first-primary', 'bm-1']);
    expect(session.getBookmark()).toBe('bm-2');
    // without a session no constraint travels
    await db.prepare('SELECT c').first();
    expect(calls[2]!.session).toBeUndefined();
  });

  it('names a binding the databases process lacks', async () => {
    expect(await answerCall({}, { binding: 'LISTINGS_9', op: 'all', statements: [{ sql: 'SELECT 1', params: [] }] })).toEqual({ ok: false, error: 'no D1 binding LISTINGS_9 in the databases process' });
  });
});
