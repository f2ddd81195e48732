import { describe, expect, it, vi } from 'vitest';
import { ReadTurns } from './read-turns';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ReadTurns', () => {
  it('lets every read start at once while no write is under way', () => {
    const turns = new ReadTurns(() => false, 2);
    for (let i = 0; i < 10; i++) expect(turns.take()).toBeUndefined();
    expect(turns.queued).toBe(0);
  });

  it('starts at most `perTurn` reads a turn while writes are under way, the others in arrival order in later turns', async () => {
    let writing = true;
    const turns = new ReadTurns(() => writing, 2);
    const started: number[] = [];
    const reads = Array.from({ length: 7 }, (_, i) => {
      const wait = turns.take();
      if (wait === undefined) started.push(i);
      return wait?.then(() => started.push(i));
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(turns.queued).toBe(5);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    // The writes end: the reads already waiting still start, a turn's worth at a time, and none is left behind.
    writing = false;
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await nextTurn();
    await Promise.all(reads);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(turns.take()).toBeUndefined();
  });

  it('keeps no turn scheduled once no read waits, however long the writes last', async () => {
    const turns = new ReadTurns(() => true, 2);
    const scheduled = vi.spyOn(globalThis, 'setImmediate');
    try {
      expect(turns.take()).toBeUndefined();
      for (let i = 0; i < 5; i++) await nextTurn();
      // One turn for the read that started; the rest are this test's own waits.
      expect(scheduled).toHaveBeenCalledTimes(1 + 5);
    } finally {
      scheduled.mockRestore();
    }
  });
});
