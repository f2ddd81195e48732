import { describe, expect, it } from 'vitest';
import { DutyCycle } from './background-job';

/** A clock that moves only when told to (work) or when the cycle sleeps. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    work: (ms: number) => (now += ms),
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    },
  };
}

describe('DutyCycle', () => {
  it('sleeps so that the work is its share of the time', async () => {
    const t = fakeClock();
    const half = new DutyCycle(0.5, t.clock);
    t.work(40);
    await half.rest();
    t.work(10);
    await half.rest();
    expect(t.sleeps).toEqual([40, 10]);
    const quarter = new DutyCycle(0.25, t.clock);
    t.work(30);
    await quarter.rest();
    // 30 ms of work in 120 ms: 90 ms of sleep, and the sleep itself is not counted as work.
    expect(t.sleeps.at(-1)).toBe(90);
    await quarter.rest();
    expect(t.sleeps).toHaveLength(3);
    expect(quarter.summary).toBe('worked 0.03 s, rested 0.09 s');
    expect(half.summary).toBe('worked 0.05 s, rested 0.05 s');
  });

  it('never sleeps at full duty, and refuses a share outside (0, 1]', async () => {
    const t = fakeClock();
    const full = new DutyCycle(1, t.clock);
    t.work(500);
    await full.rest();
    expect(t.sleeps).toEqual([]);
    for (const duty of [0, -0.5, 1.5, Number.NaN]) {
      expect(() => new DutyCycle(duty, t.clock)).toThrow(RangeError);
    }
  });
});
