// Rupees and dates as the admin tables show them.
import { describe, expect, it } from 'vitest';
import { todayInIndia } from '@dealerleads/shared';
import { addDaysToIsoDate, formatInr, formatLeadDate, formatMediumDate } from './format';

describe('formatInr', () => {
  it('groups digits the Indian way with the rupee sign', () => {
    expect(formatInr(12999)).toBe('₹12,999');
    expect(formatInr(1250000)).toBe('₹12,50,000');
    expect(formatInr(0)).toBe('₹0');
    expect(formatInr(10_000_000)).toBe('₹1,00,00,000');
    expect(formatInr(-500)).toBe('-₹500');
  });

  it('writes what Intl writes for rupees, for every screen', () => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    for (const amount of [
      0, 7, 999, 1000, 12_999, 99_999, 1_00_000, 12_50_000, 9_99_99_999, -4500,
    ]) {
      expect(formatInr(amount)).toBe(intl.format(amount));
    }
  });
});

describe('formatLeadDate', () => {
  it("shows dd/MM/yyyy hh:mm:ss a (12-hour clock with AM/PM) in the browser's zone", () => {
    expect(formatLeadDate(new Date(2025, 0, 5, 15, 4, 9).toISOString())).toBe(
      '05/01/2025 03:04:09 PM',
    );
    expect(formatLeadDate(new Date(2025, 0, 5, 0, 35, 45).toISOString())).toBe(
      '05/01/2025 12:35:45 AM',
    );
    expect(formatLeadDate(new Date(2025, 0, 5, 12, 35, 45).toISOString())).toBe(
      '05/01/2025 12:35:45 PM',
    );
    expect(formatLeadDate('not a date')).toBe('not a date');
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
