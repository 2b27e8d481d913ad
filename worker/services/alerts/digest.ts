/**
 * Daily saved-search digests (issue 21): at 09:00 IST one e-mail per buyer listing the ads that
 * matched their `daily` searches since the last digest (the dev outbox locally), plus one
 * notification in the inbox. Matches are marked digested in the same pass, so a rerun sends nothing.
 */
import type { Env } from '../../env';
import { notifyOnce } from '../notifications';
import { sendEmail } from '../outbox';
import { savedSearchHref } from '../../schemas/saved-searches';
import { istDay } from './consumer';
import { formatCount, formatRupees, pluralKey, render, textLanguage } from '../../schemas/notification-texts';

interface PendingRow {
  user_id: string;
  email: string | null;
  language: string;
  saved_search_id: string;
  name: string;
  query: string;
  listing_id: string;
  title: string;
  price_minor: number;
  location: string;
}

const PER_SEARCH = 10;

export const sendDailyDigests = async (env: Env, origin = 'https://sel.example') => {
  const now = Date.now();
  const { results } = await env.DB.prepare(
    `SELECT m.user_id, u.email, u.language, m.saved_search_id, s.name, s.query, l.id AS listing_id, l.title, l.price_minor, l.location
     FROM saved_search_matches m
     JOIN saved_searches s ON s.id = m.saved_search_id
     JOIN users u ON u.id = m.user_id
     JOIN listings l ON l.id = m.listing_id AND l.status = 'APPROVED'
     WHERE m.digested_at IS NULL AND s.alert = 'daily'
     ORDER BY m.user_id, m.saved_search_id, m.matched_at DESC
     LIMIT 5000`,
  ).all<PendingRow>();
  const byUser = new Map<string, PendingRow[]>();
  for (const r of results) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const day = istDay(now);
  let sent = 0;
  for (const [userId, rows] of byUser) {
    const bySearch = new Map<string, PendingRow[]>();
    for (const r of rows) bySearch.set(r.saved_search_id, [...(bySearch.get(r.saved_search_id) ?? []), r]);
    // the e-mail and the inbox line in the buyer's language (issue 19); titles, names and places stay as written
    const lang = textLanguage(rows[0]!.language);
    const sections = [...bySearch.values()].map((ads) => {
      const head = ads[0]!;
      const lines = ads
        .slice(0, PER_SEARCH)
        .map((a) => `${render(lang, 'digestLine', { title: a.title, price: formatRupees(lang, a.price_minor), location: a.location })}\n    ${origin}/listing/${a.listing_id}`);
      const more = ads.length > PER_SEARCH ? `\n${render(lang, 'digestMore', { n: formatCount(lang, ads.length - PER_SEARCH) })}` : '';
      const seeAll = render(lang, 'digestSeeAll', { url: `${origin}${savedSearchHref(JSON.parse(head.query) as Record<string, string>)}` });
      return `${render(lang, 'digestSectionHead', { name: head.name, n: formatCount(lang, ads.length) })}\n${lines.join('\n')}${more}\n${seeAll}`;
    });
    const total = rows.length;
    const subject = render(lang, pluralKey(lang, total, 'digestSubjectOne', 'digestSubjectOther'), { n: formatCount(lang, total) });
    const inboxBody = [...bySearch.values()].map((a) => render(lang, 'digestInboxItem', { name: a[0]!.name, n: formatCount(lang, a.length) })).join(', ');
    try {
      if (rows[0]!.email) await sendEmail(env, rows[0]!.email, subject, `${sections.join('\n\n')}\n\n${render(lang, 'digestFooter', { url: `${origin}/saved-searches` })}`);
      await notifyOnce(env, `digest:${userId}:${day}`, userId, { type: 'SYSTEM', title: subject, body: inboxBody, data: { kind: 'SAVED_SEARCH_DIGEST', url: '/saved-searches' } });
    } catch (err) {
      console.warn(`digest for ${userId} failed; it goes out with the next one`, err);
      continue;
    }
    const ids = [...bySearch.keys()];
    await env.DB.prepare(`UPDATE saved_search_matches SET digested_at = ? WHERE user_id = ? AND digested_at IS NULL AND saved_search_id IN (${ids.map(() => '?').join(', ')})`)
      .bind(now, userId, ...ids)
      .run();
    sent++;
  }
  return sent;
};
