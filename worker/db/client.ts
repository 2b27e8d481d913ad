import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

const made = (d1: D1Database) => drizzle(d1, { schema });
export type Db = ReturnType<typeof made>;

/**
 * One drizzle instance per D1 binding: making one walks the whole schema (~0.5 ms of CPU, every
 * request; seen in bench:profile), and the binding object lives as long as the isolate.
 */
const instances = new WeakMap<D1Database, Db>();
export const getDb = (d1: D1Database): Db => {
  let db = instances.get(d1);
  if (!db) instances.set(d1, (db = made(d1)));
  return db;
};
export { schema };
