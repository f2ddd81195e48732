// Money in INR with Indian digit grouping (design.md §5): 1250000 → '₹12,50,000'.
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

export function formatInr(amount: number): string {
  return inr.format(amount);
}
