/**
 * A seller's live ads on every card, with the ads over several listings databases (migration 0049,
 * decision 033). Each listings database's triggers keep, on its copy of the seller's card, the live
 * ads that database holds (`live_ads`, at once) and mark the seller as changed there. This job, every
 * minute, takes the marked sellers of every database and writes on each of their cards the live ads
 * the OTHER databases hold (`live_ads_elsewhere`); a card shows the sum. So a change shows at once on
 * the cards of its own database and within about a minute on the others.
 *
 * Three round trips, each one statement per database side by side: the marks, the counts, then the
 * spread counts with the marks that were read (a mark whose version moved on meanwhile stays for the
 * next run). Nothing is lost if a run fails half-way: the marks stay until their counts were written.
 * With one listings database there is nothing elsewhere: the marks are simply cleared.
 */
import type { Env } from '../../env';
import { isSharded, listingDatabases } from '../../db/shards';
import { LIVE_ADS_SPREAD } from '../../schemas/live-ads-data';

type Mark = { user_id: string; version: number };

export const spreadLiveAds = async (env: Env, limit: number = LIVE_ADS_SPREAD.sellersPerRun): Promise<number> => {
  if (!isSharded(env)) {
    const { meta } = await env.DB.prepare('DELETE FROM live_ads_changed').run();
    return meta.changes ?? 0;
  }
  const databases = listingDatabases(env);
  const marks = await Promise.all(databases.map((db) => db.prepare('SELECT user_id, version FROM live_ads_changed ORDER BY user_id LIMIT ?').bind(limit).all<Mark>().then((r) => r.results)));
  const sellers = [...new Set(marks.flat().map((m) => m.user_id))];
  if (!sellers.length) return 0;
  const ids = JSON.stringify(sellers);
  const counts = await Promise.all(
    databases.map((db) =>
      db.prepare('SELECT id, live_ads FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(ids).all<{ id: string; live_ads: number }>().then((r) => r.results),
    ),
  );
  const total = new Map<string, number>();
  for (const rows of counts) for (const r of rows) total.set(r.id, (total.get(r.id) ?? 0) + r.live_ads);
  await Promise.all(
    databases.map((db, i) => {
      const elsewhere = counts[i]!.map((r) => [r.id, total.get(r.id)! - r.live_ads]);
      return db.batch([
        db.prepare(
          `UPDATE users SET live_ads_elsewhere = json_extract(j.value, '$[1]') FROM json_each(?1) AS j
           WHERE users.id = json_extract(j.value, '$[0]') AND users.live_ads_elsewhere != json_extract(j.value, '$[1]')`,
        ).bind(JSON.stringify(elsewhere)),
        db.prepare(
          `DELETE FROM live_ads_changed WHERE (user_id, version) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))`,
        ).bind(JSON.stringify(marks[i]!.map((m) => [m.user_id, m.version]))),
      ]);
    }),
  );
  return sellers.length;
};
