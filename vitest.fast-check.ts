// Property tests (fast-check) run on a fixed seed: a run of the suite is repeatable, and CI cannot turn red on a case
// that no change brought in. FC_SEED=<number> replays another seed; FC_SEED=random explores new cases (worth a run
// when changing the code a property covers, e.g. `FC_SEED=random npm run test:unit`).
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== 'random') {
  const fixed = Number(seed ?? 20_261_123);
  if (!Number.isSafeInteger(fixed))
    throw new Error(`FC_SEED must be a whole number or "random", got ${seed}`);
  fc.configureGlobal({ seed: fixed });
}
