import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations, type RelationalSchemaConfig } from 'drizzle-orm';
import { DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

/**
 * The schema's relational config is worked out once per isolate: it walks every table (~0.5 ms of
 * CPU, seen in bench:profile). A drizzle instance over it is then cheap, which matters because each
 * request reads through its own D1 session (decision 022) and so gets its own instance.
 */
const dialect = new SQLiteAsyncDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
type Relations = ExtractTablesWithRelations<typeof schema>;
// drizzle() does exactly this; its result type is only known by the generic, hence the cast
const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap } as unknown as RelationalSchemaConfig<Relations>;
const made = (d1: D1Database) =>
  new DrizzleD1Database<typeof schema>('async', dialect, new SQLiteD1Session<typeof schema, Relations>(d1, dialect, relational, {}), relational);
export type Db = ReturnType<typeof made>;

const instances = new WeakMap<D1Database, Db>();
export const getDb = (d1: D1Database): Db => {
  let db = instances.get(d1);
  if (!db) instances.set(d1, (db = made(d1)));
  return db;
};
export { schema };
