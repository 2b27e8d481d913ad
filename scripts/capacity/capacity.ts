/**
 * `npm run capacity [-- --check] [-- --measure [--reuse] [--listings N] [--seconds S]] [-- --measure-added TABLE[,TABLE]]` (decision 020)
 *
 * Prints, for the design the model checks (and for the code as it was before, for comparison): each
 * database's size after 1, 12 and 36 months, its peak statements per second against what one D1
 * can do, the fewest databases each group needs, and the monthly Cloudflare bill by product.
 * Inputs: scripts/capacity/inputs.ts; measured figures: scripts/capacity/measured.json (rerun the
 * measurement with --measure, which seeds 100,000 ads and takes several minutes).
 * --check exits 1 when a database of the design passes half its size limit within 36 months or
 * half its capacity at the peak.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AS_SPECIFIED, BEFORE, DESIGN, HORIZON_MONTHS, type Design } from './inputs';
import { databases, failures, GB, minimumDatabases, monthlyBill, rowsAt, rowsReadPerSearch, traffic, world, type Group, type MeasuredFigures } from './model';
import type { Measured } from './measure';

const here = dirname(fileURLToPath(import.meta.url));
const measuredPath = join(here, 'measured.json');

export const figuresOf = (m: Measured): MeasuredFigures => ({
  bytesPerRow: Object.fromEntries(Object.entries(m.tables).map(([t, s]) => [t, s.bytesPerRow])),
  d1QueriesPerSecond: m.d1.queriesPerSecond,
});

const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const gb = (bytes: number) => `${(bytes / GB).toFixed(2)} GB`;

/** "core" is the accounts by user (its name from before they were spread); the core database's own tables print as such. */
const GROUP_NAMES: Record<Group, string> = { listings: 'listings', core: 'core', coreOwn: "core's own" };

const report = (design: Design, m: MeasuredFigures) => {
  const lines = [`\n== ${design.name}`];
  lines.push(`${'database'.padEnd(22)}${HORIZON_MONTHS.map((h) => `${h} mo`.padStart(11)).join('')}${'peak stmt/s'.padStart(13)}${'of one D1'.padStart(11)}`);
  const figures = databases(design, m, HORIZON_MONTHS);
  for (const d of figures) {
    const name = `${GROUP_NAMES[d.group]} ×${d.databases}${design.listingsDatabases === 0 && d.group === 'core' ? ' (all)' : ''}`;
    lines.push(`${name.padEnd(22)}${HORIZON_MONTHS.map((h) => gb(d.bytes[h]!).padStart(11)).join('')}${String(Math.round(d.peakQps)).padStart(13)}${`${(d.capacityShare * 100).toFixed(0)} %`.padStart(11)}`);
  }
  lines.push('(sizes and load: the busiest database of each group; load on its primary at the peak second after 36 months)');
  // what fills each group after 36 months, all its databases together
  const last = HORIZON_MONTHS[HORIZON_MONTHS.length - 1]!;
  const rows = rowsAt(design, world, traffic, last);
  for (const group of ['listings', 'core', 'coreOwn'] as const) {
    const parts = Object.entries(rows[group]).map(([table, n]) => [table, n * (m.bytesPerRow[table] ?? 0)] as const).filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]);
    const total = parts.reduce((n, [, b]) => n + b, 0);
    lines.push(`  ${GROUP_NAMES[group]} tables after ${last} months, all databases: ${gb(total)} = ${parts.slice(0, 6).map(([t, b]) => `${t} ${(b / GB).toFixed(1)}`).join(', ')}${parts.length > 6 ? ', …' : ''}`);
  }
  const bill = HORIZON_MONTHS.map((h) => monthlyBill(design, m, h));
  lines.push(`\nmonthly bill${HORIZON_MONTHS.map((h) => `${h} mo`.padStart(11)).join('')}`);
  for (const product of ['workers', 'd1', 'durableObjects', 'r2', 'kv', 'queues', 'total'] as const) {
    lines.push(`${product.padEnd(12)}${bill.map((b) => usd(b[product]).padStart(11)).join('')}`);
  }
  const perSearch = rowsReadPerSearch(design.listingsDatabases);
  lines.push(`(D1 rows read per search: ${perSearch.value.toLocaleString('en-US')}, ${perSearch.basis}: ${perSearch.note})`);
  const problems = failures(figures);
  return { text: lines.join('\n'), problems, figures };
};

const main = async () => {
  if (process.argv.includes('--measure')) {
    const { measure } = await import('./measure');
    const measured = await measure();
    writeFileSync(measuredPath, `${JSON.stringify(measured, null, 2)}\n`);
    console.log(`wrote ${measuredPath}`);
  }
  const added = process.argv.indexOf('--measure-added');
  if (added >= 0) {
    // a table added since the full measurement, measured the same way on a small database of its own (measure.ts)
    const tables = (process.argv[added + 1] ?? '').split(',').filter(Boolean);
    const { measureAddedTables } = await import('./measure');
    const sizes = measureAddedTables(tables);
    const current = JSON.parse(readFileSync(measuredPath, 'utf8')) as Measured;
    const provenance = [current.addedTables ?? []].flat();
    const filled: Record<string, string> = {
      identifiers: 'two directory rows, e-mail and phone, for each of its 20,000 accounts',
      chat_members: "two chat list rows, the buyer's and the seller's, for each of its 60,000 conversations",
      invoice_numbers: 'one row naming the order for each of its 5,000 paid seller-package orders',
      invoice_counters: "one counter row for each of three financial years (the migration's table alone)",
    };
    const note = `dbstat over the table and its index, on a database holding just that table as its migration creates it, filled with the rows the full measurement's activity adds (${tables.map((t) => filled[t] ?? t).join('; ')}): its rows do not depend on the number of ads`;
    const updated: Measured = {
      ...current,
      tables: Object.fromEntries(Object.entries({ ...current.tables, ...sizes }).sort(([a], [b]) => a.localeCompare(b))),
      addedTables: [...provenance, { measuredAt: new Date().toISOString().slice(0, 10), command: `npm run capacity -- --measure-added ${tables.join(',')}`, tables, note }],
    };
    writeFileSync(measuredPath, `${JSON.stringify(updated, null, 2)}\n`);
    console.log(`measured ${tables.map((t) => `${t} ${sizes[t]!.bytesPerRow} bytes a row (${sizes[t]!.rows} rows)`).join(', ')}; wrote ${measuredPath}`);
  }
  const measured = JSON.parse(readFileSync(measuredPath, 'utf8')) as Measured;
  const m = figuresOf(measured);
  console.log(`measured ${measured.measuredAt} (${measured.command}): one D1 runs ${m.d1QueriesPerSecond} statements/s; bytes per row e.g. listings ${m.bytesPerRow.listings}, search index per live ad ${m.bytesPerRow.listings_fts}, listing_views ${m.bytesPerRow.listing_views}, users ${m.bytesPerRow.users}`);
  const before = report(BEFORE, m);
  const specified = report(AS_SPECIFIED, m);
  const design = report(DESIGN, m);
  console.log(before.text);
  if (before.problems.length) console.log(`\nfails:\n  ${before.problems.join('\n  ')}`);
  console.log(specified.text);
  if (specified.problems.length) console.log(`\nfails:\n  ${specified.problems.join('\n  ')}`);
  const count = (n: number) => (Number.isFinite(n) ? String(n) : 'more than 256');
  console.log(`fewest databases that would pass as specified: listings ${count(minimumDatabases(AS_SPECIFIED, m, HORIZON_MONTHS, 'listings'))}, core ${count(minimumDatabases(AS_SPECIFIED, m, HORIZON_MONTHS, 'core'))}`);
  console.log(design.text);
  const needListings = minimumDatabases(DESIGN, m, HORIZON_MONTHS, 'listings');
  const needCore = minimumDatabases(DESIGN, m, HORIZON_MONTHS, 'core');
  console.log(`\nfewest databases that pass: listings ${count(needListings)}, core (accounts by user) ${count(needCore)}; the design has ${DESIGN.listingsDatabases} and ${DESIGN.coreDatabases}`);
  if (design.problems.length) console.log(`\nthe design fails:\n  ${design.problems.join('\n  ')}`);
  else console.log('\nthe design passes: every database under half its size limit for 36 months and under half its capacity at the peak');
  if (process.argv.includes('--check') && design.problems.length) process.exitCode = 1;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
