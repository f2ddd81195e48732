// The hand-written Indian grouping writes every number exactly as Intl's en-IN formatter does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupIndian } from './group-indian';

const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

describe('groupIndian', () => {
  it('groups the last three digits, then pairs', () => {
    expect(groupIndian(0)).toBe('0');
    expect(groupIndian(999)).toBe('999');
    expect(groupIndian(1000)).toBe('1,000');
    expect(groupIndian(45_000)).toBe('45,000');
    expect(groupIndian(525_000)).toBe('5,25,000');
    expect(groupIndian(1_250_000)).toBe('12,50,000');
    expect(groupIndian(123_456_789)).toBe('12,34,56,789');
  });

  it('matches Intl en-IN for edge cases', () => {
    for (const n of [
      -0,
      -0.4,
      0.4,
      0.5,
      1.5,
      -1.5,
      -2.5,
      999.5,
      99_999.5,
      -1_000,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      1e21,
      -1e21,
      NaN,
      Infinity,
      -Infinity,
    ]) {
      expect(groupIndian(n), String(n)).toBe(intl.format(n));
    }
  });

  it('matches Intl en-IN for any integer or decimal', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1e15, max: 1e15 }),
          fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        ),
        (n) => groupIndian(n) === intl.format(n),
      ),
      { numRuns: 5000 },
    );
  });
});
