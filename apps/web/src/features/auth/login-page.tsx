// Login screen (dealers/login, docs/screens.md): 'Welcome Back', then the lead list (or the screen `returnTo` names);
// a failure toasts the server's text.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnTo } from '../../app/guards';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useLogin } from './api/login';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

export const LOGIN_FAILED_TEXT = pagesTexts.en.loginFailed;

export function LoginPage() {
  const t = useT(pagesTexts);
  const navigate = useNavigate();
  const login = useLogin();
  // A guard sent the member here from a screen (their session had ended): they go back there once logged in.
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate(
      { userName, password },
      {
        onSuccess: () =>
          void navigate(returnTo ?? paths.leads, { replace: returnTo !== undefined }),
        onError: (error) => notify.error(errorMessage(error, t('loginFailed'))),
      },
    );
  };

  return (
    <section className="container py-4 auth-card">
      <h1 className="h3 mb-3 text-center">{t('welcomeBack')}</h1>
      {/* Both fields are required by the browser (docs/rules.md "Login"). */}
      <form onSubmit={submit} aria-label={t('login')}>
        <div className="mb-3">
          <label htmlFor="login-user-name" className="form-label">
            {t('userName')}
          </label>
          <input
            id="login-user-name"
            name="userName"
            className="form-control"
            autoComplete="username"
            required
            value={userName}
            onChange={(event) => setUserName(event.target.value)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor="login-password" className="form-label">
            {t('password')}
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={login.isPending}>
          {t('login')}
        </button>
      </form>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword}>{t('forgotPassword')}</Link>
      </p>
      <p className="text-center mt-2 mb-0">
        <Link to={paths.register}>{t('registerHere')}</Link>
      </p>
    </section>
  );
}
