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

  it('keeps only sightings of a newer revision', () => {
    const lag = new CatchUpLag();
    lag.begin(0);
    lag.saw(100, 10);
    lag.saw(100, 900);
    lag.saw(50, 950);
    // The first sighting of 100 is what counts: everything at 10 ms is applied once 100 is.
    expect(lag.behindBy(100, 1_000)).toBe(990);
  });
});
