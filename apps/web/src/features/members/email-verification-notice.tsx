// The notice on a member's own profile while their e-mail address is unverified: no alert e-mail reaches it until the
// link mailed to it is clicked, and the link can be sent again.
import type { Member } from '@dealerleads/shared';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useRequestEmailVerification } from './api/request-email-verification';
import { membersTexts } from '../../i18n/en/members';
import { translate, useT } from '../../i18n/runtime';

export const emailVerificationTexts = {
  notice: (email: string) => translate(membersTexts, 'verifyNotice', { email }),
  get resend() {
    return translate(membersTexts, 'verify.resend');
  },
  get failed() {
    return translate(membersTexts, 'verify.failed');
  },
};

export function EmailVerificationNotice({ member }: { member: Member }) {
  useT(membersTexts);
  const request = useRequestEmailVerification();
  if (member.emailVerified) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
      <span className="me-auto">{emailVerificationTexts.notice(member.email)}</span>
      <button
        type="button"
        className="btn btn-sm btn-warning"
        disabled={request.isPending}
        onClick={() =>
          request.mutate(undefined, {
            onSuccess: (answer) => notify.success(answer.message),
            onError: (error) => notify.error(errorMessage(error, emailVerificationTexts.failed)),
          })
        }
      >
        {emailVerificationTexts.resend}
      </button>
    </div>
  );
}
