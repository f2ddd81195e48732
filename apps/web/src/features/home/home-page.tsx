// Home (dealers, and any unknown path; docs/screens.md): the welcome page with Register and Leads, and for owners 'Sell your car'.
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

export function HomePage() {
  const t = useT(pagesTexts);
  return (
    <section className="container py-5 text-center home-hero">
      <h1 className="display-6 fw-semibold">{t('welcome')}</h1>
      <p className="lead my-4">{t('tagline')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={paths.register} className="btn btn-primary btn-lg">
          {t('register')}
        </Link>
        <Link to={paths.leads} className="btn btn-outline-primary btn-lg">
          {t('leads')}
        </Link>
      </div>
      <p className="mt-4 mb-0">
        {t('sellingYourCar')}{' '}
        <Link to={paths.leadForm} className="fw-semibold">
          {t('sellYourCar')}
        </Link>{' '}
        {t('toVerifiedDealers')}
      </p>
    </section>
  );
}
