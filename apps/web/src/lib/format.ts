// Display formats of every screen: rupees with Indian digit grouping, lead dates, calendar dates in the medium format;
// in Hindi through Intl's hi-IN (English keeps its hand-made forms, which the spec's texts and tests fix).
import { getLanguage } from '../i18n/runtime';
import { groupIndian } from './group-indian';

let hindiNumber: Intl.NumberFormat | undefined;

/** A whole number with Indian grouping: '12,50,000' (hi-IN writes the same digits, grouped the same way). */
export function formatNumber(n: number): string {
  if (getLanguage() !== 'hi') return groupIndian(n);
  hindiNumber ??= new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 0 });
  return hindiNumber.format(n);
}

/**
 * 12999 → '₹12,999'; 1250000 → '₹12,50,000'; -500 → '-₹500'. The one rupee format of every screen; by hand, not
 * Intl, so the lead list's first render loads no locale data (lib/group-indian.ts).
 */
export function formatInr(amount: number): string {
  return `${amount < 0 ? '-' : ''}₹${formatNumber(Math.abs(amount))}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * 'dd/MM/yyyy hh:mm:ss a' in the browser's time zone: the 12-hour clock with AM/PM (docs/deviations.md item 9), so
 * 12:35 after noon never reads as earlier than 01:10; screens put the exact instant in a <time> element beside it.
 */
let hindiDateTime: Intl.DateTimeFormat | undefined;

export function formatLeadDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (getLanguage() === 'hi') {
    hindiDateTime ??= new Intl.DateTimeFormat('hi-IN', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    });
    return hindiDateTime.format(date);
  }
  const hours12 = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  return (
    `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${two(hours12)}:${two(date.getMinutes())}:${two(date.getSeconds())} ${date.getHours() < 12 ? 'A' : 'P'}M`
  );
}

// Calendar dates carry no time zone: read and shown as UTC so no viewer sees the day shift.
let mediumDate: Intl.DateTimeFormat | undefined;
let hindiMediumDate: Intl.DateTimeFormat | undefined;

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
  if (getLanguage() === 'hi') {
    hindiMediumDate ??= new Intl.DateTimeFormat('hi-IN', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return hindiMediumDate.format(date);
  }
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
