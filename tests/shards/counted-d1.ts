import { env } from 'cloudflare:workers';
import type { Env } from '../../worker/env';
import { getDb } from '../../worker/db/client';
import { searchListings, type PlannedSearch } from '../../worker/services/listings/listings';
import { listingsQuery } from '../../worker/schemas/listings';
import { RoundTripCounter } from '../support/simulated-d1';
import { listingsDbs } from './shard-factory';

/**
 * A database that counts the rows D1 read for it and the round trips its calls waited on (one
 * counter for every database of a request): what a search over several databases costs, measured
 * on the calls the service makes rather than on a header.
 */
export const countedD1 = (db: D1Database, counter: RoundTripCounter, tally: { rows: number }): D1Database => {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const track = <T>(run: () => Promise<T>) => counter.track('primary', run, sql);
    const wrapped = {
      bind: (...params: unknown[]) => wrap(statement.bind(...params), sql),
      all: () =>
        track(async () => {
          const result = await statement.all();
          tally.rows += result.meta.rows_read ?? 0;
          return result;
        }),
      first: (column?: string) => track(() => statement.first(column as never)),
      run: () =>
        track(async () => {
          const result = await statement.run();
          tally.rows += result.meta.rows_read ?? 0;
          return result;
        }),
      raw: () => track(() => statement.raw()),
    };
    real.set(wrapped, statement);
    return wrapped as unknown as D1PreparedStatement;
  };
  return {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    batch: (statements: D1PreparedStatement[]) =>
      counter.track(
        'primary',
        async () => {
          const results = await db.batch(statements.map((s) => real.get(s) ?? s));
          for (const r of results) tally.rows += r.meta.rows_read ?? 0;
          return results;
        },
        'batch',
      ),
  } as unknown as D1Database;
};

/**
 * One search as the service answers it, over the four listings databases or over the one (the same
 * rows copied into `DB`), with the rows D1 read and the round trips it waited on.
 */
export const searchCounted = async (databases: 'four' | 'one', qs: string, planned?: PlannedSearch) => {
  const counter = new RoundTripCounter();
  const tally = { rows: 0 };
  const four = Object.fromEntries(listingsDbs.map((db, i) => [`LISTINGS_${i}`, countedD1(db, counter, tally)]));
  const run = databases === 'four' ? { ...env, ...four } : { ...env, LISTING_DATABASES: '1', DB: countedD1(env.DB, counter, tally) };
  const query = listingsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  const page = await searchListings(run as unknown as Env, getDb(env.DB), 'http://sel.test', query, { planned });
  return { page, rows: tally.rows, roundTrips: counter.roundTrips };
};
