// Calendar dates (YYYY-MM-DD) counted in India's time zone: package validity on the API, date pickers and
// defaults in the web app, the browser tests' and benchmarks' dates.

let indiaDate: Intl.DateTimeFormat | undefined;

/** Today's date in India, `YYYY-MM-DD`. */
export function todayInIndia(now: Date = new Date()): string {
  indiaDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return indiaDate.format(now);
}

/** '2026-11-22' + 8 → '2026-11-30'. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
