// Server error (server-error, docs/screens.md): shows the error body a 500 answer carried here.
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

interface ServerErrorBody {
  message?: string;
  stack?: string;
}

function errorFromState(state: unknown): ServerErrorBody | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null;
  const error: unknown = state.error;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object' || error === null) return null;
  const message =
    'message' in error && typeof error.message === 'string' ? error.message : undefined;
  const stack = 'stack' in error && typeof error.stack === 'string' ? error.stack : undefined;
  return { message, stack };
}

export function ServerErrorPage() {
  const t = useT(pagesTexts);
  const error = errorFromState(useLocation().state);
  return (
    <section className="container py-5">
      <h1 className="h2">{t('serverError')}</h1>
      {error?.message ? (
        <p className="text-danger fw-semibold" data-testid="server-error-message">
          {t('errorPrefix')} {error.message}
        </p>
      ) : (
        <p className="text-muted">{t('noDetails')}</p>
      )}
      <p>{t('ourSide')}</p>
      {error?.stack ? (
        <details className="mb-3">
          <summary>{t('stackTrace')}</summary>
          <pre className="small bg-light p-2 border rounded server-error-stack">{error.stack}</pre>
        </details>
      ) : null}
      <Link to={paths.root} className="btn btn-primary">
        {t('homePage')}
      </Link>
    </section>
  );
}
