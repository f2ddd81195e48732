// A seeded random source, so a failing randomized HTTP run can be told apart and replayed by its seed.
export interface Random {
  seed: number;
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny and good enough to pick requests. */
export function seededRandom(seed: number = Date.now() >>> 0): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return { seed, next, int, pick: (items) => items[int(items.length)]! };
}
