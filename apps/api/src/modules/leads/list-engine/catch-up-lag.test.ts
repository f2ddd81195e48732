import { describe, expect, it } from 'vitest';
import { CatchUpLag } from './catch-up-lag';

describe('CatchUpLag', () => {
  it('is no lag outside a catch-up', () => {
    const lag = new CatchUpLag();
    expect(lag.underWay).toBe(false);
    expect(lag.behindBy(0, 5_000)).toBe(0);
  });

  it('counts from the catch-up’s start until a revision seen during it is applied', () => {
    const lag = new CatchUpLag();
    lag.begin(1_000);
    lag.saw(4_000, 1_000);
    expect(lag.underWay).toBe(true);
    // Nothing seen is applied yet: behind since the start.
    expect(lag.behindBy(2_000, 1_500)).toBe(500);
    expect(lag.behindBy(3_999, 12_000)).toBe(11_000);
    // Everything that existed at 1,000 is applied.
    expect(lag.behindBy(4_000, 12_000)).toBe(11_000);
  });

  it('stays a moment behind an import it keeps up with, however long the import runs', () => {
    const lag = new CatchUpLag();
    lag.begin(0);
    // An import writes 1,000 changes a second for a minute; the engine reads the log's end every 100 ms and has
    // applied, 300 ms later, what existed then.
    let worst = 0;
    for (let t = 0; t <= 60_000; t += 100) {
      lag.saw(t, t);
      if (t >= 300) worst = Math.max(worst, lag.behindBy(t - 300, t));
    }
    expect(worst).toBe(300);
  });

  it('grows while the engine falls further behind, and starts over after the catch-up ends', () => {
    const lag = new CatchUpLag();
    lag.begin(0);
    for (let t = 0; t <= 20_000; t += 1_000) lag.saw(10 * t, t);
    // Applying a tenth as fast as the log grows: at 20 s it has applied what existed at 2 s.
    expect(lag.behindBy(20_000, 20_000)).toBe(18_000);
    // A sighting already reached never makes it look further behind again.
    expect(lag.behindBy(19_999, 20_500)).toBe(18_500);
    lag.end();
    expect(lag.underWay).toBe(false);
    expect(lag.behindBy(0, 30_000)).toBe(0);
    lag.begin(30_000);
    expect(lag.behindBy(0, 30_250)).toBe(250);
  });

  it('counts from the last moment a revision was still the newest', () => {
    const lag = new CatchUpLag();
    lag.begin(0);
    lag.saw(100, 10);
    lag.saw(100, 900);
    // An older revision seen late (a read that began earlier) changes nothing.
    lag.saw(50, 950);
    // 100 was still the log's end at 900 ms: once it is applied, the engine was current then.
    expect(lag.behindBy(99, 1_000)).toBe(1_000);
    expect(lag.behindBy(100, 1_000)).toBe(100);
  });

  it('does not count an applied import against the next one, committed while the first was applied', () => {
    const lag = new CatchUpLag();
    lag.begin(0);
    // The first transaction (revisions up to 50,000) is read in chunks for 6 s; the log ends there until the second
    // one commits at 5.5 s (up to 100,000).
    for (let t = 0; t < 5_500; t += 100) lag.saw(50_000, t);
    for (let t = 5_500; t <= 6_000; t += 100) lag.saw(100_000, t);
    // At 6 s the first is applied: current as of 5.4 s, not behind since 0.
    expect(lag.behindBy(50_000, 6_000)).toBe(600);
    // Applying the second for 9 s more stays within BULK_ANSWER_MS (10 s) of 5.4 s… until it does not.
    expect(lag.behindBy(80_000, 15_000)).toBe(9_600);
    expect(lag.behindBy(100_000, 15_000)).toBe(9_000);
  });
});
