/**
 * The restore drill's logic that needs no running app (scripts/drill-restore.ts uses it): what a
 * backup holds, and how a restored copy is judged against it. A drill that cannot tell a partial
 * restore from a whole one proves nothing, so every comparison lists what differs.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One R2 object as the backup holds it. */
export interface ObjectRecord {
  key: string;
  size: number;
  sha256: string;
  contentType?: string;
  cacheControl?: string;
  customMetadata: Record<string, string>;
}

/** What one D1 database held: rows per table (the search index counted as the virtual table it is). */
export type TableCounts = Record<string, number>;

export interface BackupManifest {
  version: 1;
  createdAt: string;
  source: string;
  /** per D1 binding: the database file in the backup and its tables' row counts */
  d1: Record<string, { file: string; tables: TableCounts }>;
  /** per R2 binding: the bucket's objects (bodies under r2/<binding>/<n>) */
  r2: Record<string, ObjectRecord[]>;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The database files of a local persist folder (miniflare keeps one SQLite file per D1 database,
 * named by a hash of its id, next to its own metadata.sqlite). WAL side files are not databases.
 */
export const d1Files = (persistDir: string): string[] => {
  const dir = join(persistDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith('.sqlite') && n !== 'metadata.sqlite').sort();
};

/**
 * Tables whose rows a backup must carry. SQLite's and D1's own tables are left out, as are FTS5's
 * shadow tables (the virtual table is counted instead: its rows are what search reads).
 */
export const countedTables = (rows: { name: string; type: string; sql: string | null }[]): string[] => {
  const virtual = rows.filter((r) => r.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
  return rows
    .filter((r) => r.type === 'table' && !r.name.startsWith('sqlite_') && !r.name.startsWith('_cf_') && !shadow(r.name))
    .map((r) => r.name)
    .sort();
};

/** Every table whose row count differs (or that exists on one side only), as readable lines. */
export const compareTableCounts = (binding: string, expected: TableCounts, restored: TableCounts): string[] => {
  const out: string[] = [];
  for (const table of [...new Set([...Object.keys(expected), ...Object.keys(restored)])].sort()) {
    const want = expected[table];
    const got = restored[table];
    if (want === undefined) out.push(`${binding}.${table}: in the restored database only (${got} rows)`);
    else if (got === undefined) out.push(`${binding}.${table}: missing from the restored database (${want} rows in the backup)`);
    else if (want !== got) out.push(`${binding}.${table}: ${got} rows restored, ${want} in the backup`);
  }
  return out;
};

/** Every object missing, extra or different (body, type, metadata) after a restore, as readable lines. */
export const compareObjects = (binding: string, expected: ObjectRecord[], restored: ObjectRecord[]): string[] => {
  const out: string[] = [];
  const byKey = new Map(restored.map((o) => [o.key, o]));
  for (const want of expected) {
    const got = byKey.get(want.key);
    byKey.delete(want.key);
    if (!got) {
      out.push(`${binding}/${want.key}: missing`);
      continue;
    }
    if (got.size !== want.size || got.sha256 !== want.sha256) out.push(`${binding}/${want.key}: body differs (${got.size} bytes, ${want.size} in the backup)`);
    if ((got.contentType ?? '') !== (want.contentType ?? '')) out.push(`${binding}/${want.key}: content type ${JSON.stringify(got.contentType)}, ${JSON.stringify(want.contentType)} in the backup`);
    if (JSON.stringify(sortKeys(got.customMetadata)) !== JSON.stringify(sortKeys(want.customMetadata))) out.push(`${binding}/${want.key}: custom metadata differs`);
  }
  for (const extra of byKey.keys()) out.push(`${binding}/${extra}: in the restored bucket only`);
  return out;
};

const sortKeys = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** `--name value` / `--name=value` options of the drill; unknown ones are refused, not ignored. */
export const parseDrillArgs = (argv: string[]) => {
  const opts: { from: string; out?: string; port: number; keep: boolean } = { from: '.wrangler/state', port: 8792, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    if (name === '--keep') {
      opts.keep = true;
      continue;
    }
    if (!['--from', '--out', '--port'].includes(name)) throw new Error(`unknown option ${name}`);
    const value = inline ?? argv[++i];
    if (!value) throw new Error(`${name} needs a value`);
    if (name === '--from') opts.from = value;
    else if (name === '--out') opts.out = value;
    else {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 1024 || port > 65535) throw new Error(`--port must be a port number from 1024 to 65535, not ${value}`);
      opts.port = port;
    }
  }
  return opts;
};
