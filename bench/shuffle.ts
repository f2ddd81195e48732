// Seeded randomness (the shared mulberry32), so every run rotates through the same queries and leads in the same order.
import { mulberry32 } from '@dealerleads/shared';

export const seededRandom = mulberry32;

/** A Fisher-Yates shuffle driven by `seededRandom(seed)`. */
export function shuffled<T>(items: readonly T[], seed = 20261122): T[] {
  const out = [...items];
  const next = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
