/**
 * Puts a test database's rows back to what its migrations left, for suites whose files share one
 * workerd (and so one storage) instead of each starting a fresh one.
 *
 * The first call on a database records, per table, the highest rowid the migrations wrote in
 * `_test_baseline`, and keeps a copy of every small reference table (categories, limits, packages …:
 * at most SMALL rows) as `_test_copy_<table>`. Every later call deletes the rows above each table's
 * baseline and writes the small tables' rows back from their copies (tests change limits and prices
 * in place). A large reference table (the places) is only trimmed: a test that changes its rows in
 * place puts them back itself. A table without rowids must be empty after the migrations and is
 * emptied whole.
 */
const SKIP = /^(sqlite_|_cf_|d1_migrations$|_test_|listings_fts_)/;
const SMALL = 2_000;

type Table = { name: string; sql: string };

const copyOf = (name: string) => `_test_copy_${name}`;

export const resetToMigratedState = async (db: D1Database) => {
  const tables = (await db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`).all<Table>()).results.filter((t) => !SKIP.test(t.name));
  const withoutRowid = (t: Table) => /without\s+rowid/i.test(t.sql);
  const virtual = (t: Table) => /^create\s+virtual/i.test(t.sql);
  await db.prepare('CREATE TABLE IF NOT EXISTS _test_baseline (name TEXT PRIMARY KEY, max_rowid INTEGER NOT NULL, copied INTEGER NOT NULL)').run();
  const recorded = (await db.prepare('SELECT name, max_rowid, copied FROM _test_baseline').all<{ name: string; max_rowid: number; copied: number }>()).results;
  if (recorded.length === 0) {
    const counted = await db.batch<{ name: string; n: number; top: number }>(
      tables.filter((t) => !withoutRowid(t)).map((t) => db.prepare(`SELECT ? AS name, count(*) AS n, coalesce(max(rowid), 0) AS top FROM "${t.name}"`).bind(t.name)),
    );
    const rows = counted.map((r) => r.results[0]!);
    const small = new Set(tables.filter((t) => !virtual(t) && !withoutRowid(t)).map((t) => t.name).filter((name) => {
      const n = rows.find((r) => r.name === name)!.n;
      return n > 0 && n <= SMALL;
    }));
    await db.batch([
      ...rows.map((r) => db.prepare('INSERT INTO _test_baseline (name, max_rowid, copied) VALUES (?, ?, ?)').bind(r.name, r.top, small.has(r.name) ? 1 : 0)),
      ...[...small].map((name) => db.prepare(`CREATE TABLE "${copyOf(name)}" AS SELECT rowid AS _rid, * FROM "${name}"`)),
    ]);
    const filled = await Promise.all(tables.filter(withoutRowid).map(async (t) => [t.name, (await db.prepare(`SELECT count(*) AS n FROM "${t.name}"`).first<{ n: number }>())!.n] as const));
    const notEmpty = filled.filter(([, n]) => n > 0);
    if (notEmpty.length) throw new Error(`tables without rowids must be empty after the migrations: ${notEmpty.map(([name]) => name).join(', ')}`);
    return;
  }
  const baseline = new Map(recorded.map((r) => [r.name, r]));
  const columns = new Map<string, string[]>();
  await Promise.all(
    recorded.filter((r) => r.copied).map(async (r) => {
      const cols = (await db.prepare('SELECT name FROM pragma_table_info(?)').bind(r.name).all<{ name: string }>()).results.map((c) => `"${c.name}"`);
      columns.set(r.name, cols);
    }),
  );
  const statements = tables.flatMap((t) => {
    if (withoutRowid(t)) return [db.prepare(`DELETE FROM "${t.name}"`)];
    const base = baseline.get(t.name);
    const trim = db.prepare(`DELETE FROM "${t.name}" WHERE rowid > ?`).bind(base?.max_rowid ?? 0);
    const cols = columns.get(t.name);
    if (!cols) return [trim];
    const list = cols.join(', ');
    return [
      trim,
      // rows changed in place get their values back; rows a test deleted come back
      db.prepare(`UPDATE "${t.name}" SET (${list}) = (SELECT ${list} FROM "${copyOf(t.name)}" c WHERE c._rid = "${t.name}".rowid)`),
      db.prepare(`INSERT INTO "${t.name}" (rowid, ${list}) SELECT _rid, ${list} FROM "${copyOf(t.name)}" WHERE _rid NOT IN (SELECT rowid FROM "${t.name}")`),
    ];
  });
  // logs that refuse deletes (the moderation audit trail) let go for the reset's own batch only
  const guards = (await db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE%' AND sql LIKE '%RAISE%'`).all<Table>()).results;
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...guards.map((g) => db.prepare(`DROP TRIGGER "${g.name}"`)),
    ...statements,
    // the search index's entries follow the listings' triggers; any a test wrote straight into it go too
    db.prepare('DELETE FROM listings_fts WHERE rowid NOT IN (SELECT num FROM listings)'),
    ...guards.map((g) => db.prepare(g.sql)),
  ]);
};
