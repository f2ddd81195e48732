// Not found (not-found, docs/screens.md): where a 404 answer from the API lands.
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

export function NotFoundPage() {
  const t = useT(pagesTexts);
  return (
    <section className="container py-5 text-center">
      <h1 className="h2">{t('notFound')}</h1>
      <p className="text-muted">{t('notFoundBody')}</p>
      <Link to={paths.root} className="btn btn-primary">
        {t('homePage')}
      </Link>
    </section>
  );
}
