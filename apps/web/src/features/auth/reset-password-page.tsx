// Setting a new password (docs/accounts.md): with the SMS code (dealers/reset-password, the login carried from the
// forgot-password page) or with the e-mailed link's token (dealers/reset-password/link?token=…). Either way the member
// then logs in again: the reset ended every session.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { formErrorMessages } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { pagesTexts } from '../../i18n/en/pages';
import { useT, type TFunction } from '../../i18n/runtime';
import { useConfirmPasswordReset, useConfirmPasswordResetLink } from './api/password-reset';

type Texts = TFunction<(typeof pagesTexts)['en']>;

/** The client's own check of the two password fields, in the reader's language; the server checks again. */
function passwordProblem(t: Texts, password: string, repeated: string): string | undefined {
  if (password.length < LIMITS.passwordMin)
    return t('passwordTooShort', { min: LIMITS.passwordMin });
  if (password !== repeated) return t('passwordsDiffer');
  return undefined;
}

function NewPasswordFields(props: {
  t: Texts;
  password: string;
  repeated: string;
  onPassword: (value: string) => void;
  onRepeated: (value: string) => void;
}) {
  const { t } = props;
  return (
    <>
      <div className="mb-3">
        <label htmlFor="reset-new-password" className="form-label">
          {t('newPassword')}
        </label>
        <input
          id="reset-new-password"
          name="newPassword"
          type="password"
          className="form-control"
          autoComplete="new-password"
          required
          maxLength={LIMITS.passwordMax}
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
        />
      </div>
      <div className="mb-3">
        <label htmlFor="reset-confirm-password" className="form-label">
          {t('confirmNewPassword')}
        </label>
        <input
          id="reset-confirm-password"
          name="confirmPassword"
          type="password"
          className="form-control"
          autoComplete="new-password"
          required
          value={props.repeated}
          onChange={(event) => props.onRepeated(event.target.value)}
        />
      </div>
    </>
  );
}

function ResetCard(props: { title: string; problem: string | undefined; children: ReactNode }) {
  return (
    <section className="container py-4 auth-card">
      <h1 className="h3 mb-3 text-center">{props.title}</h1>
      {props.problem !== undefined && (
        <div className="alert alert-danger" role="alert">
          {props.problem}
        </div>
      )}
      {props.children}
    </section>
  );
}

/** The code from the SMS and the new password. */
export function ResetPasswordPage() {
  const t = useT(pagesTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const carried = (location.state as { login?: unknown } | null)?.login;
  const confirm = useConfirmPasswordReset();
  const [login, setLogin] = useState(typeof carried === 'string' ? carried : '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = passwordProblem(t, password, repeated);
    setProblem(local);
    if (local) return;
    confirm.mutate(
      { login: login.trim(), code: code.trim(), newPassword: password },
      {
        onSuccess: () => {
          notify.success(t('passwordChanged'));
          void navigate(paths.login, { replace: true });
        },
        onError: (error) => setProblem(formErrorMessages(error, t('resetFailed')).join(' ')),
      },
    );
  };

  return (
    <ResetCard title={t('resetTitle')} problem={problem}>
      {typeof carried === 'string' && (
        <div className="alert alert-info" role="status">
          {t('codeSent')}
        </div>
      )}
      <form onSubmit={submit} aria-label={t('resetTitle')}>
        <div className="mb-3">
          <label htmlFor="reset-login" className="form-label">
            {t('forgotLogin')}
          </label>
          <input
            id="reset-login"
            name="login"
            className="form-control"
            autoComplete="username"
            required
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor="reset-code" className="form-label">
            {t('smsCode')}
          </label>
          <input
            id="reset-code"
            name="code"
            className="form-control"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <NewPasswordFields
          t={t}
          password={password}
          repeated={repeated}
          onPassword={setPassword}
          onRepeated={setRepeated}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={confirm.isPending}>
          {t('saveNewPassword')}
        </button>
      </form>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword}>{t('askNewCode')}</Link>
      </p>
    </ResetCard>
  );
}

/** The page the e-mailed link opens: the new password only; the token is in the link. */
export function ResetPasswordLinkPage() {
  const t = useT(pagesTexts);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmPasswordResetLink();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<string | undefined>(
    token === '' ? t('linkMissing') : undefined,
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = passwordProblem(t, password, repeated);
    setProblem(local);
    if (local) return;
    confirm.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          notify.success(t('passwordChanged'));
          void navigate(paths.login, { replace: true });
        },
        onError: (error) => setProblem(formErrorMessages(error, t('resetFailed')).join(' ')),
      },
    );
  };

  return (
    <ResetCard title={t('linkResetTitle')} problem={problem}>
      {token !== '' && (
        <form onSubmit={submit} aria-label={t('linkResetTitle')}>
          <NewPasswordFields
            t={t}
            password={password}
            repeated={repeated}
            onPassword={setPassword}
            onRepeated={setRepeated}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={confirm.isPending}>
            {t('saveNewPassword')}
          </button>
        </form>
      )}
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword}>{t('askNewCode')}</Link>
      </p>
    </ResetCard>
  );
}
