// Forgot password (dealers/forgot-password, docs/accounts.md): the member names their login; the API answers alike
// for everyone, so the page always goes on to the code screen, carrying the login.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { formErrorMessages } from '../../lib/api-error';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';
import { useRequestPasswordReset } from './api/password-reset';

export function ForgotPasswordPage() {
  const t = useT(pagesTexts);
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [login, setLogin] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(login.trim(), {
      onSuccess: () => void navigate(paths.resetPassword, { state: { login: login.trim() } }),
    });
  };

  return (
    <section className="container py-4 auth-card">
      <h1 className="h3 mb-3 text-center">{t('forgotTitle')}</h1>
      <p>{t('forgotIntro')}</p>
      {request.isError && (
        <div className="alert alert-danger" role="alert">
          {formErrorMessages(request.error, t('requestFailed')).join(' ')}
        </div>
      )}
      <form onSubmit={submit} aria-label={t('forgotTitle')}>
        <div className="mb-3">
          <label htmlFor="forgot-login" className="form-label">
            {t('forgotLogin')}
          </label>
          <input
            id="forgot-login"
            name="login"
            className="form-control"
            autoComplete="username"
            required
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={request.isPending}>
          {t('sendCode')}
        </button>
      </form>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.login}>{t('backToLogin')}</Link>
      </p>
    </section>
  );
}
