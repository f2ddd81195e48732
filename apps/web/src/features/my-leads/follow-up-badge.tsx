// The nav's My Leads link with the number of follow-ups due today (India time); overdue ones are named in its title.
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useFollowUpCounts } from './api/follow-ups';
import { myLeadsTexts } from '../../i18n/en/my-leads';
import { useT } from '../../i18n/runtime';

export function FollowUpBadge() {
  const t = useT(myLeadsTexts);
  const counts = useFollowUpCounts();
  const dueToday = counts.data?.dueToday ?? 0;
  const overdue = counts.data?.overdue ?? 0;
  const label =
    t(dueToday === 1 ? 'badgeLabelOne' : 'badgeLabelMany', { count: dueToday }) +
    (overdue > 0 ? t('badgeOverdue', { count: overdue }) : '');
  return (
    <Link
      to={dueToday > 0 ? `${paths.myLeads}?due=today` : paths.myLeads}
      className="btn btn-link text-white fs-4 p-1 position-relative"
      aria-label={label}
      title={label}
    >
      <i className="bi bi-journal-check" aria-hidden="true" />
      {dueToday > 0 ? (
        <span
          className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger fs-6"
          data-testid="follow-up-badge"
        >
          {dueToday}
        </span>
      ) : null}
    </Link>
  );
}
