/**
 * Deterministic pseudo-random numbers (mulberry32) so every seed, fault decision and generated
 * value reproduces from one numeric seed.
 */
export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A string of `length` random decimal digits. */
  digits(length: number): string;
  /** Amount with two decimals in [min, max]. */
  amount(min: number, max: number): number;
}

/** 32-bit string hash (FNV-1a), used to derive independent streams from one seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick() needs a non-empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted() needs a non-empty array');
      return last[0];
    },
    digits: (length) => {
      let out = '';
      for (let i = 0; i < length; i++) out += String(Math.floor(next() * 10));
      return out;
    },
    amount: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
  };
}

/** An independent stream for `name` under `seed` (e.g. one per generated record). */
export function deriveSeed(seed: number, name: string | number): number {
  return (hashString(`${seed}:${name}`) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
}

export function derivePrng(seed: number, name: string | number): Prng {
  return createPrng(deriveSeed(seed, name));
}
