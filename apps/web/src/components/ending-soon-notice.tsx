// Points out a dealer's package that ends within a few days (docs/credits.md), above the lead list. In the lead
// list's first download, so the date is written dd/MM/yyyy by hand rather than with lib/format's formatters.
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useMyCredits } from '../lib/my-credits';
import { commonTexts } from '../i18n/en/common';
import { translate, useT } from '../i18n/runtime';

export function endingSoonText(p: {
  packageName: string | null;
  endDate: string;
  balance: number;
  packageType: string;
}) {
  const vars = {
    name: p.packageName ?? '',
    date: p.endDate.split('-').reverse().join('/'),
    count: p.balance,
  };
  return p.packageType === 'Unlimited'
    ? translate(commonTexts, 'endingSoon', vars)
    : translate(commonTexts, 'endingSoonWithCredits', vars);
}

export function EndingSoonNotice() {
  const t = useT(commonTexts);
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
        {t('seeYourCredits')}
      </Link>
    </div>
  );
}
