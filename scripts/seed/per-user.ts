/**
 * The demo accounts' own rows (decision 034's per-user tables), so a seeded marketplace looks used:
 * favourites (ads' "saved by" counts and stats, the price-drop fan-out), cart lines (dealers
 * shopping for promotions) and a few blocks. Pure: the seed writes them into each account's accounts
 * database (the core with one). Deterministic for a seed; each account draws from a stream of its
 * own (keyed by the id without its group), so no other value of the demo changes.
 */
import type { Random } from './random';
import type { DemoUser } from './users';

/** How much of each a demo account has (*estimate*: a plausible demo, not a measurement). */
export const PER_USER = {
  /** favourites per account: up to this many live ads of other sellers */
  maxFavourites: 8,
  /** share of dealers with promotions waiting in their cart, and at most how many lines */
  dealerCartShare: 0.5,
  maxCartLines: 2,
  /** share of accounts that blocked someone (one other demo account) */
  blockShare: 0.08,
} as const;

export interface DemoAd {
  id: string;
  /** index of its seller in the users list */
  seller: number;
  createdAt: number;
}

export interface PerUserRows {
  favourites: [userId: string, listingId: string, createdAt: number][];
  cart: [userId: string, packageId: string, quantity: number, addedAt: number][];
  blocks: [blockerId: string, blockedId: string, createdAt: number][];
}

export const perUserRows = (rng: Random, users: DemoUser[], liveAds: DemoAd[], packages: string[], anchor: number): PerUserRows => {
  const out: PerUserRows = { favourites: [], cart: [], blocks: [] };
  for (const [i, user] of users.entries()) {
    const r = rng.fork(user.key);
    const wanted = r.int(0, PER_USER.maxFavourites);
    const chosen = new Set<string>();
    for (let tries = 0; chosen.size < wanted && tries < wanted * 4 && liveAds.length; tries++) {
      const ad = r.pick(liveAds);
      if (ad.seller === i || chosen.has(ad.id)) continue;
      chosen.add(ad.id);
      // saved some time after the ad went up
      out.favourites.push([user.id, ad.id, ad.createdAt + Math.round(r.next() * (anchor - ad.createdAt))]);
    }
    if (user.businessName && packages.length && r.chance(PER_USER.dealerCartShare)) {
      const lines = new Set<string>();
      const n = r.int(1, PER_USER.maxCartLines);
      for (let k = 0; k < n; k++) lines.add(r.pick(packages));
      for (const p of lines) out.cart.push([user.id, p, r.int(1, 3), anchor - r.int(1, 72) * 3_600_000]);
    }
    if (users.length > 1 && r.chance(PER_USER.blockShare)) {
      let other = r.int(0, users.length - 1);
      if (other === i) other = (other + 1) % users.length;
      out.blocks.push([user.id, users[other]!.id, anchor - r.int(1, 60) * 86_400_000]);
    }
  }
  return out;
};
