/**
 * The search dictionary: every word the live ads use (from the FTS5 index's own vocabulary, title
 * words weighing three times description words, so brand and model names win ties) plus the
 * lexicon's words and catalogue names, and the phrases suggestions complete to (the opening words
 * of the most viewed live ads' titles, with their subcategory). Built from D1, kept in KV for
 * everyone and in memory per isolate; rebuilt when listings have changed and the copy is older
 * than SEARCH_DICTIONARY_MAX_AGE seconds (default 600), so building it is rare at any scale.
 */
import type { Env } from '../../env';
import { TAXONOMY } from '../../schemas/taxonomy';
import { listingDatabases } from '../../db/shards';
import { SOUND_MIN_WEIGHT, SpellingDictionary } from './corrector';
import { lexicon, lexiconWords } from './lexicon';
import { tokens } from './text';
import { forgetWithIsolate } from '../../lib/isolate-memos';

export interface SuggestionPhrase {
  text: string;
  subcategoryId: string | null;
  count: number;
}

interface StoredDictionary {
  builtAt: number;
  version: string;
  words: [string, number][];
  phrases: [string, string | null, number][];
}

export interface SearchDictionary {
  spelling: SpellingDictionary;
  phrases: SuggestionPhrase[];
  builtAt: number;
  version: string;
}

/** v2: lexicon words weigh SOUND_MIN_WEIGHT (decision 027); a stored v1 copy is not read */
const KV_KEY = 'search:dictionary:v2';
const VERSION_KEY = 'cache-version:listings';
/** titles sampled for suggestion phrases */
const PHRASE_SAMPLE = 5_000;
/** a lexicon word no ad uses yet is still a word buyers mean: heavy enough to be reached by sound */
const LEXICON_WEIGHT = SOUND_MIN_WEIGHT;

const maxAgeMs = (env: Env) => {
  const raw = Number(env.SEARCH_DICTIONARY_MAX_AGE ?? 600);
  return (Number.isFinite(raw) && raw >= 0 ? raw : 600) * 1000;
};

const build = async (env: Env, version: string): Promise<StoredDictionary> => {
  // every listings database (just DB with one) side by side: a word's weight is its documents in all of them
  const answers = await Promise.all(
    listingDatabases(env).map((target) =>
      target.batch<unknown>([
        target.prepare(`SELECT term, col, doc FROM listings_fts_vocab WHERE col IN ('title', 'description', 'categories')`),
        target.prepare(`SELECT title, subcategory_id FROM listings WHERE status = 'APPROVED' ORDER BY views DESC LIMIT ${PHRASE_SAMPLE}`),
      ]),
    ),
  );
  const weights = new Map<string, number>();
  for (const [vocab] of answers) {
    for (const r of (vocab?.results ?? []) as { term: string; col: string; doc: number }[]) {
      weights.set(r.term, (weights.get(r.term) ?? 0) + r.doc * (r.col === 'title' ? 3 : 1));
    }
  }
  for (const w of lexiconWords(lexicon())) weights.set(w, (weights.get(w) ?? 0) + LEXICON_WEIGHT);
  for (const c of TAXONOMY) for (const name of [c.name, ...c.subcategories.map((s) => s.name)]) for (const w of tokens(name.toLowerCase())) weights.set(w, (weights.get(w) ?? 0) + LEXICON_WEIGHT);

  const phraseCounts = new Map<string, { text: string; sub: string | null; count: number }>();
  // each database's most viewed titles: the sample grows with the databases, as the ads do
  for (const r of answers.flatMap(([, titles]) => (titles?.results ?? []) as { title: string; subcategory_id: string | null }[])) {
    const words = r.title.split(/\s+/).filter(Boolean);
    // "iPhone 13 Pro 256GB Blue" → "iPhone 13", "iPhone 13 Pro"
    for (const n of [2, 3]) {
      if (words.length < n) continue;
      const text = words.slice(0, n).join(' ').replace(/[,(\-–:|]+$/, '');
      const key = `${text.toLowerCase()}|${r.subcategory_id ?? ''}`;
      const entry = phraseCounts.get(key) ?? { text, sub: r.subcategory_id, count: 0 };
      entry.count++;
      phraseCounts.set(key, entry);
    }
  }
  const phrases = [...phraseCounts.values()].filter((p) => p.count >= 2).sort((a, b) => b.count - a.count).slice(0, 3_000);
  return { builtAt: Date.now(), version, words: [...weights], phrases: phrases.map((p) => [p.text, p.sub, p.count]) };
};

const hydrate = (stored: StoredDictionary): SearchDictionary => ({
  spelling: new SpellingDictionary(stored.words.map(([word, weight]) => ({ word, weight }))),
  phrases: stored.phrases.map(([text, subcategoryId, count]) => ({ text, subcategoryId, count })),
  builtAt: stored.builtAt,
  version: stored.version,
});

let memo: { dict: Promise<SearchDictionary>; checkedAt: number } | undefined;
forgetWithIsolate(() => (memo = undefined));
/** how often an isolate looks at KV for a newer dictionary */
const MEMO_MS = 30_000;

const fresh = (env: Env, d: { builtAt: number; version: string }, version: string) => d.version === version || Date.now() - d.builtAt < maxAgeMs(env);

const load = async (env: Env): Promise<SearchDictionary> => {
  const version = (await env.CACHE.get(VERSION_KEY).catch(() => null)) ?? '0';
  const stored = await env.CACHE.get<StoredDictionary>(KV_KEY, 'json').catch(() => null);
  if (stored && fresh(env, stored, version)) return hydrate(stored);
  const built = await build(env, version);
  await env.CACHE.put(KV_KEY, JSON.stringify(built), { expirationTtl: 86_400 }).catch((err: unknown) => console.warn('search dictionary not stored', err));
  return hydrate(built);
};

export const searchDictionary = async (env: Env): Promise<SearchDictionary> => {
  const now = Date.now();
  if (memo && now - memo.checkedAt < Math.min(MEMO_MS, maxAgeMs(env))) return memo.dict;
  if (memo) {
    const current = await memo.dict.catch(() => undefined);
    const version = (await env.CACHE.get(VERSION_KEY).catch(() => null)) ?? '0';
    if (current && fresh(env, current, version)) {
      memo.checkedAt = now;
      return current;
    }
  }
  const dict = load(env);
  memo = { dict, checkedAt: now };
  dict.catch(() => {
    memo = undefined;
  });
  return dict;
};
