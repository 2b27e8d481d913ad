/**
 * The soak's verdict (decision 029): which 5xx are acceptable, what counts as lost or doubled, and
 * that its fault wrapper fails exactly the calls it is told to and a batch as a whole.
 */
import { describe, expect, it } from 'vitest';
import { ackProblems, latencyByKind, serverErrorProblems, type Acked, type Outcome, type Stored } from './verify';
import { FaultCounter, INJECTED_MESSAGE, faultSettings, faultyD1 } from './faulty-d1';

const answer = (o: Partial<Outcome>): Outcome => ({ kind: 'post', method: 'POST', path: '/api/listings', status: 200, ms: 10, faults: 0, ...o });

describe('server errors', () => {
  it('accepts only an injected fault answered as a readable 503', () => {
    const ok = answer({ status: 503, faults: 1, code: 'SERVICE_UNAVAILABLE', error: 'The service is temporarily unavailable.' });
    expect(serverErrorProblems([ok, answer({ status: 201 }), answer({ status: 400, code: 'VALIDATION_ERROR' })])).toEqual([]);
    const bad = [
      answer({ status: 503, faults: 0, code: 'SERVICE_UNAVAILABLE', error: 'x' }), // a real outage, not ours
      answer({ status: 500, faults: 1, code: 'INTERNAL_ERROR', error: 'Server error' }), // our fault became a 500
      answer({ status: 503, faults: 2 }), // no code or message to read
      answer({ status: 502, faults: 0 }),
    ];
    const problems = serverErrorProblems(bad);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('with no fault injected');
    expect(problems[1]).toContain('answered 500 with 1 injected fault(s)');
  });
});

const nothingAcked = (): Acked => ({ ads: [], messages: [], orders: [], favourites: [], savedSearches: [] });
const nothingStored = (): Stored => ({ adsByMark: new Map(), messages: new Map(), orders: new Map(), favourites: new Set(), savedSearches: new Set(), duplicateAlerts: 0 });

describe('acknowledged against stored', () => {
  it('is clean when everything acknowledged is stored once', () => {
    const acked: Acked = {
      ads: [{ id: 'lst_1', mark: 'm1' }],
      messages: [{ chatId: 'c', senderId: 'u', clientId: 'k' }],
      orders: [{ id: 'ord_1', credits: 1 }],
      favourites: [{ userId: 'u', listingId: 'lst_1' }],
      savedSearches: [{ id: 'ss_1' }],
    };
    const stored: Stored = {
      adsByMark: new Map([['m1', ['lst_1']], ['m2', ['lst_2']]]), // an ad stored but never acknowledged (its answer lost) is fine
      messages: new Map([['c|u|k', 1]]),
      orders: new Map([['ord_1', { status: 'PAID', credits: 1 }]]),
      favourites: new Set(['u|lst_1']),
      savedSearches: new Set(['ss_1']),
      duplicateAlerts: 0,
    };
    expect(ackProblems(acked, stored)).toEqual([]);
  });

  it('reports each thing lost and each thing stored twice', () => {
    const acked: Acked = {
      ads: [{ id: 'lst_1', mark: 'm1' }],
      messages: [{ chatId: 'c', senderId: 'u', clientId: 'k' }],
      orders: [{ id: 'ord_1', credits: 2 }, { id: 'ord_2', credits: 1 }],
      favourites: [{ userId: 'u', listingId: 'lst_9' }],
      savedSearches: [{ id: 'ss_1' }],
    };
    const stored: Stored = {
      ...nothingStored(),
      adsByMark: new Map([['m3', ['lst_3', 'lst_4']]]),
      messages: new Map([['c|u|other', 2]]),
      orders: new Map([['ord_1', { status: 'PAID', credits: 1 }], ['ord_2', { status: 'CREATED', credits: 0 }]]),
      duplicateAlerts: 3,
    };
    expect(ackProblems(acked, stored)).toEqual([
      'ad lst_1 (m1) was acknowledged but is not stored',
      'ad m3 is stored 2 times (lst_3, lst_4)',
      'message k in chat c was acknowledged but is not stored',
      'message c|u|other is stored 2 times',
      'order ord_1 granted 1 credit(s), expected 2',
      'order ord_2 was acknowledged as paid but is CREATED',
      'favourite u|lst_9 was acknowledged but is not stored',
      'saved search ss_1 was acknowledged but is not stored',
      '3 saved-search alert(s) stored more than once',
    ]);
    expect(ackProblems(nothingAcked(), nothingStored())).toEqual([]);
  });
});

describe('figures', () => {
  it('gives requests, p50 and p95 per kind', () => {
    const outcomes = [...Array.from({ length: 20 }, (_, i) => answer({ kind: 'b', ms: i + 1 })), answer({ kind: 'a', ms: 7 })];
    expect(latencyByKind(outcomes)).toEqual([
      { kind: 'a', requests: 1, p50: 7, p95: 7 },
      { kind: 'b', requests: 20, p50: 10, p95: 19 },
    ]);
  });
});

describe('the fault wrapper', () => {
  /** a D1 stand-in that records what reached it */
  const fakeD1 = (reached: string[]) => {
    const statement = (sql: string) => ({
      sql,
      bind: () => statement(sql),
      first: async () => (reached.push(sql), { n: 1 }),
      all: async () => (reached.push(sql), { results: [] }),
      run: async () => (reached.push(sql), { meta: { changes: 1 } }),
      raw: async () => (reached.push(sql), []),
    });
    const session = { prepare: statement, batch: async (s: { sql: string }[]) => (reached.push(`batch:${s.map((x) => x.sql).join(',')}`), []), getBookmark: () => 'b1' };
    return { ...session, withSession: () => session, exec: async () => undefined, dump: async () => new ArrayBuffer(0) } as unknown as D1Database;
  };

  it('fails the calls it draws, before they reach the database, with an outage\'s words; a batch fails whole', async () => {
    const reached: string[] = [];
    const counter = new FaultCounter();
    const draws = [0.5, 0.01, 0.5, 0.01, 0.5];
    const db = faultyD1(fakeD1(reached), 0.02, counter, () => draws.shift() ?? 0.5);
    await db.prepare('SELECT 1').bind(1).first();
    await expect(db.prepare('SELECT 2').all()).rejects.toThrow(INJECTED_MESSAGE);
    const session = db.withSession('first-primary');
    await session.batch([session.prepare('INSERT a'), session.prepare('INSERT b')]);
    await expect(session.batch([session.prepare('INSERT c'), session.prepare('INSERT d')])).rejects.toThrow(/D1_ERROR/);
    await session.prepare('UPDATE e').run();
    expect(reached).toEqual(['SELECT 1', 'batch:INSERT a,INSERT b', 'UPDATE e']);
    expect(counter.injected).toBe(2);
    expect(counter.firstSql).toBe('SELECT 2');
    expect(session.getBookmark()).toBe('b1');
  });

  it('is the real binding when the rate is 0, and reads its settings from the vars', () => {
    const real = fakeD1([]);
    expect(faultyD1(real, 0, new FaultCounter())).toBe(real);
    expect(faultSettings({ SOAK_D1_FAULT_RATE: '0.05', SOAK_REDELIVERY_RATE: 'x' })).toEqual({ d1Rate: 0.05, redeliveryRate: 0 });
    expect(faultSettings({})).toEqual({ d1Rate: 0, redeliveryRate: 0 });
  });
});
