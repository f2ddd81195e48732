// Member edit (dealers/member/edit/{username}, docs/screens.md; lazy-loaded): Admins edit anyone, members their own profile.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Member, MemberUpdate } from '@dealerleads/shared';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { reportLoadError, reportSaveError } from '../../lib/report-error';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { useMember } from './api/get-member';
import { useUpdateMember } from './api/update-member';
import { MemberEditForm, type RoleAndStatusAccess } from './member-edit-form';
import { membersTexts } from '../../i18n/en/members';
import { translate, useT } from '../../i18n/runtime';

export const PROFILE_UPDATED_TEXT = membersTexts.en.profileUpdated;
export const PROFILE_UPDATE_FAILED_TEXT = membersTexts.en.profileUpdateFailed;

export function MemberEditPage() {
  const t = useT(membersTexts);
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const viewer = useCurrentUser();
  const member = useMember(username);
  const update = useUpdateMember();
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  useEffect(() => {
    if (member.isError) reportLoadError(member.error, translate(membersTexts, 'errorLoadingUsers'));
  }, [member.isError, member.error]);

  const admin = isAdmin(viewer);
  const self = member.data !== undefined && viewer?.id === member.data.id;
  const access: RoleAndStatusAccess = !admin ? 'hidden' : self ? 'locked' : 'editable';

  const save = async (changes: MemberUpdate): Promise<Member | null> => {
    if (!member.data) return null;
    setServerErrors([]);
    try {
      const saved = await update.mutateAsync({ id: member.data.id, changes });
      notify.success(translate(membersTexts, 'profileUpdated'));
      return saved;
    } catch (error) {
      setServerErrors(reportSaveError(error, translate(membersTexts, 'profileUpdateFailed')));
      return null;
    }
  };

  // Cancel goes back where the editor came from; opened directly, Admins land on the directory.
  const cancel = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(admin ? paths.members : paths.leads);
  };

  return (
    <section className="container py-3" style={{ maxWidth: '56rem' }}>
      <h1 className="h3 mb-1">{t('formLabel')}</h1>
      {member.data ? (
        <p className="text-body-secondary mb-3">
          {member.data.name} (@{member.data.userName})
        </p>
      ) : null}
      {member.data ? (
        <div className="card shadow-sm">
          <div className="card-body">
            <MemberEditForm
              member={member.data}
              roleAndStatus={access}
              onSave={save}
              onCancel={cancel}
              serverErrors={serverErrors}
              saving={update.isPending}
            />
          </div>
        </div>
      ) : member.isPending ? (
        <Spinner />
      ) : null}
    </section>
  );
}
