// A seeded random source, so a failing randomized HTTP run can be told apart and replayed by its seed.
import { mulberry32 } from '@dealerleads/shared';

export interface Random {
  seed: number;
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

/** The shared mulberry32 generator with the helpers the request pickers use. */
export function seededRandom(seed: number = Date.now() >>> 0): Random {
  const next = mulberry32(seed);
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return { seed, next, int, pick: (items) => items[int(items.length)]! };
}
