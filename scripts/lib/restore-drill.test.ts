import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareObjects, compareTableCounts, countedTables, d1Files, parseDrillArgs, sha256, type ObjectRecord } from './restore-drill';

/** The restore drill's judgement of a restored copy (scripts/drill-restore.ts): a partial restore must never pass. */

const photo = (over: Partial<ObjectRecord> = {}): ObjectRecord => ({
  key: 'seed/cars/1.jpg',
  size: 3,
  sha256: sha256(new Uint8Array([1, 2, 3])),
  contentType: 'image/jpeg',
  customMetadata: {},
  ...over,
});

describe('compareObjects', () => {
  const entry = photo({ key: 'archive/sellers/usr_a/1-lst_a', size: 0, sha256: sha256(new Uint8Array()), contentType: undefined, customMetadata: { id: 'lst_a', title: 'Swift' } });

  it('passes an identical bucket, whatever order it lists in and however metadata keys are ordered', () => {
    const restored = [{ ...entry, customMetadata: { title: 'Swift', id: 'lst_a' } }, photo()];
    expect(compareObjects('MEDIA', [photo(), entry], restored)).toEqual([]);
  });

  it('names every object missing, extra, with other bytes, another type or other metadata', () => {
    const restored = [
      photo({ sha256: sha256(new Uint8Array([9, 9, 9])) }),
      { ...entry, customMetadata: { id: 'lst_a', title: 'Changed' } },
      photo({ key: 'u/usr_b/x.webp', contentType: 'image/webp' }),
    ];
    const backup = [photo(), entry, photo({ key: 'seed/cars/2.jpg' }), photo({ key: 'u/usr_b/x.webp', contentType: 'image/jpeg' })];
    expect(compareObjects('MEDIA', backup, [...restored, photo({ key: 'stray' })])).toEqual([
      'MEDIA/seed/cars/1.jpg: body differs (3 bytes, 3 in the backup)',
      'MEDIA/archive/sellers/usr_a/1-lst_a: custom metadata differs',
      'MEDIA/seed/cars/2.jpg: missing',
      'MEDIA/u/usr_b/x.webp: content type "image/webp", "image/jpeg" in the backup',
      'MEDIA/stray: in the restored bucket only',
    ]);
  });
});

describe('compareTableCounts', () => {
  it('passes equal counts and names each table that differs or exists on one side', () => {
    expect(compareTableCounts('DB', { listings: 600, users: 25 }, { users: 25, listings: 600 })).toEqual([]);
    expect(compareTableCounts('DB', { listings: 600, users: 25, media: 3 }, { listings: 599, users: 25, extra: 1 })).toEqual([
      'DB.extra: in the restored database only (1 rows)',
      'DB.listings: 599 rows restored, 600 in the backup',
      'DB.media: missing from the restored database (3 rows in the backup)',
    ]);
  });
});

describe('countedTables', () => {
  it("counts the app's tables and the search index, not SQLite's, D1's or FTS5's own", () => {
    const master = [
      { name: 'listings', type: 'table', sql: 'CREATE TABLE listings (id TEXT)' },
      { name: 'listings_fts', type: 'table', sql: 'CREATE VIRTUAL TABLE listings_fts USING fts5(title)' },
      { name: 'listings_fts_data', type: 'table', sql: 'CREATE TABLE listings_fts_data(id INTEGER PRIMARY KEY, block BLOB)' },
      { name: 'listings_fts_idx', type: 'table', sql: 'CREATE TABLE listings_fts_idx(segid, term, pgno)' },
      { name: 'listings_status', type: 'index', sql: 'CREATE INDEX listings_status ON listings (status)' },
      { name: 'sqlite_sequence', type: 'table', sql: 'CREATE TABLE sqlite_sequence(name,seq)' },
      { name: '_cf_KV', type: 'table', sql: 'CREATE TABLE _cf_KV (key TEXT)' },
      { name: 'd1_migrations', type: 'table', sql: 'CREATE TABLE d1_migrations (id INTEGER)' },
      { name: 'users', type: 'table', sql: 'CREATE TABLE users (id TEXT)' },
    ];
    expect(countedTables(master)).toEqual(['d1_migrations', 'listings', 'listings_fts', 'users']);
  });
});

describe('d1Files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'drill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists each database file of a persist folder, not miniflare's metadata or WAL side files", () => {
    const d1 = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    mkdirSync(d1, { recursive: true });
    for (const f of ['b.sqlite', 'a.sqlite', 'a.sqlite-wal', 'a.sqlite-shm', 'metadata.sqlite']) writeFileSync(join(d1, f), '');
    expect(d1Files(dir)).toEqual(['a.sqlite', 'b.sqlite']);
    expect(d1Files(join(dir, 'nothing-here'))).toEqual([]);
  });
});

describe('parseDrillArgs', () => {
  it('reads the options, with the defaults of npm start', () => {
    expect(parseDrillArgs([])).toEqual({ from: '.wrangler/state', port: 8792, keep: false });
    expect(parseDrillArgs(['--from', 'x', '--out=y', '--port', '9000', '--keep'])).toEqual({ from: 'x', out: 'y', port: 9000, keep: true });
  });

  it('refuses unknown options, missing values and bad ports', () => {
    expect(() => parseDrillArgs(['--remote'])).toThrow('unknown option --remote');
    expect(() => parseDrillArgs(['--from'])).toThrow('--from needs a value');
    expect(() => parseDrillArgs(['--port', '80'])).toThrow(/--port must be a port number/);
  });
});
