// Shown when a screen crashes or its code cannot be downloaded (e.g. after a new release): offers a reload.
import { useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { layoutTexts } from '../../i18n/en/layout';
import { useT } from '../../i18n/runtime';

export function RouteError() {
  const t = useT(layoutTexts);
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="container py-5 text-center">
      <h1 className="h3">{t('somethingWrong')}</h1>
      <p className="text-muted">{t('reloadAndRetry')}</p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
        <a href={paths.root} className="btn btn-outline-primary">
          {t('homePage')}
        </a>
      </div>
    </section>
  );
}
