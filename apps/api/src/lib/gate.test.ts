import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, GateFullError } from './gate';

/** A task that runs until released, recording how many ran at once. */
function controlled(gate: ConcurrencyGate, seen: number[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = gate.run(async () => {
    seen.push(gate.load.active);
    await released;
    return 'done';
  });
  return { release, done };
}

describe('ConcurrencyGate', () => {
  it('runs at most `limit` tasks at once and starts the waiting ones in order as slots free', async () => {
    const gate = new ConcurrencyGate(2, 10);
    const seen: number[] = [];
    const tasks = Array.from({ length: 5 }, () => controlled(gate, seen));
    await Promise.resolve();
    expect(gate.load).toEqual({ active: 2, waiting: 3 });
    for (const task of tasks) {
      task.release();
      await task.done;
    }
    expect(Math.max(...seen)).toBe(2);
    expect(seen).toHaveLength(5);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, and frees the slot of a task that failed', async () => {
    const gate = new ConcurrencyGate(1, 1);
    const seen: number[] = [];
    const first = controlled(gate, seen);
    const second = controlled(gate, seen);
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(GateFullError);
    first.release();
    second.release();
    await Promise.all([first.done, second.done]);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'after')).toBe('after');
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});
