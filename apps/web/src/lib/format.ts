// Display formats of design.md §5 and spec §2.12: rupees with Indian digit grouping, calendar dates in the medium format.

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** 12999 → '₹12,999'; 1250000 → '₹12,50,000'. */
export function formatInr(amount: number): string {
  return inr.format(amount);
}

// Calendar dates carry no time zone: read and shown as UTC so no viewer sees the day shift.
const mediumDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function parseIsoDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-22' → 'Nov 22, 2026'; anything unreadable is shown as given. */
export function formatMediumDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? mediumDate.format(date) : isoDate;
}

/** '2026-11-22' + 8 → '2026-11-30' (the API's end-date rule); undefined for an unreadable date. */
export function addDaysToIsoDate(isoDate: string, days: number): string | undefined {
  const date = parseIsoDate(isoDate);
  if (!date || !Number.isFinite(days)) return undefined;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const indiaCalendarDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in India as 'YYYY-MM-DD': the day the API counts package validity from. */
export function todayInIndia(now: Date = new Date()): string {
  return indiaCalendarDate.format(now);
}
