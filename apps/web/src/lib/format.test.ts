// Rupees and dates as the admin tables show them.
import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, formatInr, formatMediumDate, todayInIndia } from './format';

describe('formatInr', () => {
  it('groups digits the Indian way with the rupee sign', () => {
    expect(formatInr(12999)).toBe('₹12,999');
    expect(formatInr(1250000)).toBe('₹12,50,000');
    expect(formatInr(0)).toBe('₹0');
  });
});

describe('dates', () => {
  it('shows calendar dates in the medium format, whatever the time zone', () => {
    expect(formatMediumDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatMediumDate('2026-01-05T10:00:00Z')).toBe('Jan 5, 2026');
    expect(formatMediumDate('not a date')).toBe('not a date');
  });

  it('adds days across months and leap years', () => {
    expect(addDaysToIsoDate('2026-11-22', 60)).toBe('2027-01-21');
    expect(addDaysToIsoDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToIsoDate('2026-11-22', 0)).toBe('2026-11-22');
    expect(addDaysToIsoDate('', 5)).toBeUndefined();
  });

  it("knows today's date in India", () => {
    // 20:00 UTC is already the next day in India (UTC+5:30).
    expect(todayInIndia(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
  });
});
