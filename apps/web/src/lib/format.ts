// Display formats of every screen: rupees with Indian digit grouping, lead dates, calendar dates in the medium format.
import { groupIndian } from './group-indian';

/**
 * 12999 → '₹12,999'; 1250000 → '₹12,50,000'; -500 → '-₹500'. The one rupee format of every screen; by hand, not
 * Intl, so the lead list's first render loads no locale data (lib/group-indian.ts).
 */
export function formatInr(amount: number): string {
  return `${amount < 0 ? '-' : ''}₹${groupIndian(Math.abs(amount))}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * 'dd/MM/yyyy hh:mm:ss a' in the browser's time zone: the 12-hour clock with AM/PM (docs/deviations.md item 9), so
 * 12:35 after noon never reads as earlier than 01:10; screens put the exact instant in a <time> element beside it.
 */
export function formatLeadDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours12 = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  return (
    `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${two(hours12)}:${two(date.getMinutes())}:${two(date.getSeconds())} ${date.getHours() < 12 ? 'A' : 'P'}M`
  );
}

// Calendar dates carry no time zone: read and shown as UTC so no viewer sees the day shift.
let mediumDate: Intl.DateTimeFormat | undefined;

function parseIsoDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-22' → 'Nov 22, 2026'; anything unreadable is shown as given. */
export function formatMediumDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  mediumDate ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return mediumDate.format(date);
}

/** '2026-11-22' + 8 → '2026-11-30' (the API's end-date rule); undefined for an unreadable date. */
export function addDaysToIsoDate(isoDate: string, days: number): string | undefined {
  const date = parseIsoDate(isoDate);
  if (!date || !Number.isFinite(days)) return undefined;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
