/**
 * What the soak checks at the end (decision 029), free of I/O so a unit test can hand it cases:
 * answers (no 5xx but an injected fault surfaced as a readable 503) and what the clients were
 * told against what the database holds (everything acknowledged exists, nothing twice).
 */

/** One HTTP answer the soak got. `faults` is the worker's x-soak-faults count (0: none injected). */
export interface Outcome {
  kind: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  faults: number;
  code?: string;
  error?: string;
}

/** What the server acknowledged to the soak's clients. */
export interface Acked {
  /** ads answered 201, each with the unique mark in its description */
  ads: { id: string; mark: string }[];
  /** chat messages answered with an ack */
  messages: { chatId: string; senderId: string; clientId: string }[];
  /** package orders answered PAID by verify, with how many credits their items grant */
  orders: { id: string; credits: number }[];
  favourites: { userId: string; listingId: string }[];
  savedSearches: { id: string }[];
}

/** What the database holds for the same things (read after the run). */
export interface Stored {
  /** listing ids per mark, for every mark found in a description */
  adsByMark: Map<string, string[]>;
  /** stored copies per `chatId|senderId|clientId` */
  messages: Map<string, number>;
  orders: Map<string, { status: string; credits: number }>;
  favourites: Set<string>;
  savedSearches: Set<string>;
  /** saved-search alerts stored more than once for the same buyer, search and ad */
  duplicateAlerts: number;
}

export const messageKey = (m: { chatId: string; senderId: string; clientId: string }) => `${m.chatId}|${m.senderId}|${m.clientId}`;
export const favouriteKey = (f: { userId: string; listingId: string }) => `${f.userId}|${f.listingId}`;

/** Every 5xx that is not an injected fault answered as a readable 503 (code and message). */
export const serverErrorProblems = (outcomes: Outcome[]): string[] =>
  outcomes
    .filter((o) => o.status >= 500)
    .filter((o) => !(o.status === 503 && o.faults > 0 && o.code === 'SERVICE_UNAVAILABLE' && !!o.error))
    .map((o) => `${o.method} ${o.path} (${o.kind}) answered ${o.status}${o.faults ? ` with ${o.faults} injected fault(s)` : ' with no fault injected'}: ${o.code ?? '-'} ${o.error ?? ''}`.trim());

/** Each acknowledged thing missing, or stored more than once. */
export const ackProblems = (acked: Acked, stored: Stored): string[] => {
  const problems: string[] = [];
  for (const ad of acked.ads) {
    const ids = stored.adsByMark.get(ad.mark) ?? [];
    if (!ids.includes(ad.id)) problems.push(`ad ${ad.id} (${ad.mark}) was acknowledged but is not stored`);
  }
  for (const [mark, ids] of stored.adsByMark) if (ids.length > 1) problems.push(`ad ${mark} is stored ${ids.length} times (${ids.join(', ')})`);
  for (const m of acked.messages) {
    const n = stored.messages.get(messageKey(m)) ?? 0;
    if (n === 0) problems.push(`message ${m.clientId} in chat ${m.chatId} was acknowledged but is not stored`);
  }
  for (const [key, n] of stored.messages) if (n > 1) problems.push(`message ${key} is stored ${n} times`);
  for (const order of acked.orders) {
    const s = stored.orders.get(order.id);
    if (!s || s.status !== 'PAID') problems.push(`order ${order.id} was acknowledged as paid but is ${s ? s.status : 'not stored'}`);
    else if (s.credits !== order.credits) problems.push(`order ${order.id} granted ${s.credits} credit(s), expected ${order.credits}`);
  }
  for (const f of acked.favourites) if (!stored.favourites.has(favouriteKey(f))) problems.push(`favourite ${favouriteKey(f)} was acknowledged but is not stored`);
  for (const s of acked.savedSearches) if (!stored.savedSearches.has(s.id)) problems.push(`saved search ${s.id} was acknowledged but is not stored`);
  if (stored.duplicateAlerts > 0) problems.push(`${stored.duplicateAlerts} saved-search alert(s) stored more than once`);
  return problems;
};

/** p-th percentile of sorted values (nearest rank). */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** Requests, p50 and p95 (ms) per kind, sorted by kind. */
export const latencyByKind = (outcomes: Outcome[]) => {
  const byKind = new Map<string, number[]>();
  for (const o of outcomes) {
    const list = byKind.get(o.kind) ?? [];
    if (!list.length) byKind.set(o.kind, list);
    list.push(o.ms);
  }
  return [...byKind.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return { kind, requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    });
};
