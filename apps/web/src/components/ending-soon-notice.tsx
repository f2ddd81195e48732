// Points out a dealer's package that ends within a few days (docs/credits.md), above the lead list. In the lead
// list's first download, so the date is written dd/MM/yyyy by hand rather than with lib/format's formatters.
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useMyCredits } from '../lib/my-credits';

export function endingSoonText(p: {
  packageName: string | null;
  endDate: string;
  balance: number;
  packageType: string;
}) {
  const left = p.packageType === 'Unlimited' ? '' : ` with ${p.balance} credits left`;
  return `Your package ${p.packageName ?? ''} ends on ${p.endDate.split('-').reverse().join('/')}${left}.`;
}

export function EndingSoonNotice() {
  const { data } = useMyCredits();
  const ending = data?.packages.find((p) => p.endingSoon);
  if (!ending) return null;
  return (
    <div
      className="alert alert-warning py-2 d-flex flex-wrap gap-2 align-items-center"
      role="status"
    >
      <span>{endingSoonText(ending)}</span>
      <Link to={paths.credits} className="alert-link">
        See your credits
      </Link>
    </div>
  );
}
