/**
 * A small seeded pseudo-random number generator for the demo data. Same seed, same sequence, on
 * every platform: only 32-bit integer arithmetic (Math.imul, >>>) is used to advance the state.
 */

export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** A float in [min, max). */
  float: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  /** One element, uniformly. */
  pick: <T>(items: readonly T[]) => T;
  /** One element, with probability proportional to its (non-negative) weight. */
  weighted: <T>(items: readonly T[], weight: (item: T) => number) => T;
  /** `count` distinct elements drawn without replacement, proportional to weight (uniform without one). */
  sample: <T>(items: readonly T[], count: number, weight?: (item: T) => number) => T[];
  /** A shuffled copy (Fisher–Yates). */
  shuffle: <T>(items: readonly T[]) => T[];
  /** A standard normal deviate (Box–Muller). */
  normal: () => number;
  /** A v4-shaped UUID made from the generator and the seed (deterministic, not a real random UUID). */
  uuid: () => string;
};

/** The mulberry32 generator: a 32-bit state, good enough for demo data, and fully deterministic. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  let uuids = 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / 4294967296;
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const weightedIndex = (weights: readonly number[]): number => {
    let total = 0;
    for (const w of weights) total += w;
    if (!(total > 0)) return Math.floor(next() * weights.length);
    let target = next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i]!;
      if (target < 0) return i;
    }
    return weights.length - 1;
  };

  const rng: Rng = {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (items, weight) => {
      if (items.length === 0) throw new RangeError('weighted pick from an empty list');
      return items[weightedIndex(items.map(weight))]!;
    },
    sample: (items, count, weight) => {
      const pool = [...items];
      const weights = pool.map((item) => (weight ? weight(item) : 1));
      const chosen: (typeof items)[number][] = [];
      while (chosen.length < count && pool.length > 0) {
        const i = weightedIndex(weights);
        chosen.push(pool[i]!);
        pool.splice(i, 1);
        weights.splice(i, 1);
      }
      return chosen;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    normal: () => {
      const u = 1 - next(); // (0, 1]: log is finite
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    uuid: () => {
      // Streams of different seeds are stretches of one 2^32 cycle and can overlap on a large
      // network, so each word is also mixed with this stream's seed and a counter: overlapping
      // stretches still give different UUIDs (and every other draw stays as it was).
      const serial = uuids++;
      const hex = [nextUint32(), nextUint32(), nextUint32(), nextUint32()]
        .map((n, word) => ((n ^ hashSeed(seed >>> 0, serial, word)) >>> 0).toString(16).padStart(8, '0'))
        .join('');
      const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      return (
        `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-` +
        `${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
      );
    },
  };
  return rng;
}

/** A 32-bit seed from any list of parts (FNV-1a over their text), to give each concern its own stream. */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0001');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * An independent generator for one concern (one agency, the dimensions, ...), so that changing how
 * much one part draws never shifts the numbers of another.
 */
export function deriveRng(seed: number, ...parts: readonly (string | number)[]): Rng {
  return createRng(hashSeed(seed, ...parts));
}
