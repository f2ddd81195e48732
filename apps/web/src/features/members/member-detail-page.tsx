// Member detail (dealers/members/{username}, docs/screens.md; lazy-loaded): the member's user name and profile, with a way to edit.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { reportLoadError } from '../../lib/report-error';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { notify } from '../../lib/notify';
import { useDownloadMyData } from './api/download-my-data';
import { useMember } from './api/get-member';
import { EmailVerificationNotice } from './email-verification-notice';
import { membersTexts } from '../../i18n/en/members';
import { roleName } from '../../lib/role-name';
import { liveTexts, useT } from '../../i18n/runtime';

export const exportTexts = liveTexts(membersTexts, 'export.');

export function MemberDetailPage() {
  const t = useT(membersTexts);
  const { username = '' } = useParams();
  const member = useMember(username);
  const user = useCurrentUser();
  const download = useDownloadMyData();

  useEffect(() => {
    if (member.isError) reportLoadError(member.error, t('errorLoadingUsers'));
  }, [member.isError, member.error, t]);

  const data = member.data;
  return (
    <section className="container py-3" style={{ maxWidth: '40rem' }}>
      <h1 className="h3">{username}</h1>
      {member.isPending ? <Spinner /> : null}
      {data && user && user.username.toLowerCase() === data.userName.toLowerCase() ? (
        <EmailVerificationNotice member={data} />
      ) : null}
      {data ? (
        <div className={`card shadow-sm ${data.status ? '' : 'bg-secondary-subtle'}`}>
          <div className="card-body">
            <dl className="row mb-0">
              <dt className="col-sm-4">{t('name')}</dt>
              <dd className="col-sm-8">{data.name}</dd>
              <dt className="col-sm-4">{t('city')}</dt>
              <dd className="col-sm-8">{data.city}</dd>
              <dt className="col-sm-4">{t('pincode')}</dt>
              <dd className="col-sm-8">{data.pincode || '—'}</dd>
              <dt className="col-sm-4">{t('phone')}</dt>
              <dd className="col-sm-8">{data.phone || '—'}</dd>
              <dt className="col-sm-4">{t('email')}</dt>
              <dd className="col-sm-8 text-break">
                {data.email}
                {data.emailVerified ? null : (
                  <span className="badge text-bg-warning ms-2">{t('notVerified')}</span>
                )}
              </dd>
              <dt className="col-sm-4">{t('role')}</dt>
              <dd className="col-sm-8">{roleName(data.role)}</dd>
              <dt className="col-sm-4">{t('status')}</dt>
              <dd className="col-sm-8">{data.status ? t('active') : t('inactive')}</dd>
            </dl>
          </div>
          <div className="card-footer bg-transparent">
            <Link to={paths.memberEdit(data.userName)} className="btn btn-sm btn-primary">
              {t('editMember')}
            </Link>
            {user && user.username.toLowerCase() === data.userName.toLowerCase() ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary ms-2"
                disabled={download.isPending}
                onClick={() =>
                  download.mutate(undefined, {
                    onSuccess: () => notify.success(exportTexts.done),
                    onError: (error) => reportLoadError(error, exportTexts.failed),
                  })
                }
              >
                <i className="bi bi-download me-1" aria-hidden="true" />
                {exportTexts.button}
              </button>
            ) : null}
            {isAdmin(user) ? (
              <Link
                to={paths.memberCredits(data.id)}
                className="btn btn-sm btn-outline-primary ms-2"
              >
                {t('credits')}
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
