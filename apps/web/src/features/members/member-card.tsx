// One member in the directory grid (docs/screens.md): grey card and grey 'Edit Member' when inactive, red button when active.
import { Link } from 'react-router';
import type { Member } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { membersTexts } from '../../i18n/en/members';
import { useT } from '../../i18n/runtime';

export function MemberCard({ member }: { member: Member }) {
  const t = useT(membersTexts);
  const active = member.status;
  return (
    <article
      className={`card h-100 shadow-sm ${active ? '' : 'bg-secondary-subtle'}`}
      aria-labelledby={`member-${member.id}-name`}
      data-status={active ? 'active' : 'inactive'}
    >
      <div className="card-body">
        <h2 className="h5 card-title mb-1" id={`member-${member.id}-name`}>
          {member.name}
        </h2>
        <p className="card-subtitle text-body-secondary mb-2">@{member.userName}</p>
        <dl className="row mb-0 small">
          <dt className="col-4 fw-normal text-body-secondary">{t('phone')}</dt>
          <dd className="col-8 mb-1 text-break">{member.phone || '—'}</dd>
          <dt className="col-4 fw-normal text-body-secondary">{t('city')}</dt>
          <dd className="col-8 mb-1 text-break">{member.city}</dd>
          <dt className="col-4 fw-normal text-body-secondary">{t('email')}</dt>
          <dd className="col-8 mb-1 text-break">{member.email}</dd>
          <dt className="col-4 fw-normal text-body-secondary">{t('status')}</dt>
          <dd className="col-8 mb-1 text-break">
            <span className={`badge ${active ? 'text-bg-success' : 'text-bg-secondary'}`}>
              {active ? t('active') : t('inactive')}
            </span>
          </dd>
        </dl>
      </div>
      <div className="card-footer bg-transparent border-0 pt-0">
        <Link
          to={paths.memberEdit(member.userName)}
          className={`btn btn-sm w-100 ${active ? 'btn-danger' : 'btn-secondary'}`}
          aria-label={t('editMemberNamed', { name: member.userName })}
        >
          <i className="bi bi-pencil-square me-1" aria-hidden="true" />
          {t('editMember')}
        </Link>
      </div>
    </article>
  );
}
