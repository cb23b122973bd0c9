/**
 * A small seeded pseudo-random generator for the demo inventory: the same seed text gives the
 * same sequence on every server and every run, so the same query always finds the same offers.
 * Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** FNV-1a over UTF-16 units: a 32-bit seed from any text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A generator seeded by `seed` (mulberry32: tiny, fast, and evenly spread for this use). */
export function seededRandom(seed: string): Random {
  let state = hashText(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/** A price in EUR as shops write them: whole euros minus one cent (129.99), never below 9.99. */
export const shopPrice = (amount: number): number => Math.max(10, Math.round(amount)) - 0.01;
