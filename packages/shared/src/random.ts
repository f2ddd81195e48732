// The one seeded random generator (mulberry32): the demo data, the reliability tests' request choices, the
// benchmark's rotation and the web app's demo figures all draw from it, so a seed means the same everywhere.

/** Numbers in [0, 1) from a 32-bit seed; the same seed gives the same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
