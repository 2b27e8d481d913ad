/**
 * A small seeded PRNG (mulberry32) with the helpers the seed needs. Every random choice in the
 * seed goes through one of these, so the same --seed always produces the same content.
 */

/** Hashes any seed text to a 32-bit integer (FNV-1a), so `--seed demo` works as well as `--seed 42`. */
export const hashSeed = (seed: string | number): number => {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export class Random {
  private state: number;

  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  }

  /** An independent stream for one purpose, so adding draws elsewhere does not reshuffle it. */
  fork(label: string | number): Random {
    return new Random(hashSeed(`${this.state}:${label}`));
  }

  /** Uniform in [0, 1). */
  next = (): number => {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; `weights[i]` belongs to `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** Roughly normal (sum of three uniforms), centred on `mean`. */
  normal(mean: number, spread: number): number {
    return mean + (this.next() + this.next() + this.next() - 1.5) * spread;
  }
}

/** Builds a picker that draws from a fixed weighted table in O(log n) (used per listing). */
export const weightedTable = <T>(entries: readonly (readonly [T, number])[]) => {
  const cumulative: number[] = [];
  let total = 0;
  for (const [, w] of entries) cumulative.push((total += w));
  return (rng: Random): T => {
    const r = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return (entries[lo] as readonly [T, number])[0];
  };
};
