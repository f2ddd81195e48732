// Indian digit grouping (docs/architecture.md) without Intl on the lead list's first render.
let intl: Intl.NumberFormat | undefined;

/**
 * Indian digit grouping, rounded to a whole number: 1250000 → '12,50,000', as
 * `Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })` writes it. Done by hand for safe
 * integers: a phone's first Intl.NumberFormat loads the locale's data, a long task on a slow phone's
 * main thread before the lead list can show (docs/performance-budgets.md). Anything else still goes to Intl.
 * The catalogue's `groupIndian` does the same with Intl, but its module (the bands) would be one
 * more chunk in the lead list's first download.
 */
export function groupIndian(n: number): string {
  const whole = Math.round(Math.abs(n));
  if (!Number.isSafeInteger(whole)) {
    intl ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    return intl.format(n);
  }
  const digits = String(whole);
  // The last three digits, then pairs: 12|34|56|789.
  let grouped = digits.slice(-3);
  for (let end = digits.length - 3; end > 0; end -= 2) {
    grouped = `${digits.slice(Math.max(0, end - 2), end)},${grouped}`;
  }
  // Intl keeps the sign of a negative number that rounds to zero: -0.4 → "-0".
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}
