// The dealer's credits (dealers/credits; lazy): balance, active packages with end dates, the history.
import { Link } from 'react-router';
import { BuyPackageButton } from '../../components/buy-package-button';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useMyCredits } from '../../lib/my-credits';
import { BalanceCard, LedgerTable, PackagesTable } from './credits-view';
import { moneyTexts } from '../../i18n/en/money';
import { useT } from '../../i18n/runtime';

export function CreditsPage() {
  const t = useT(moneyTexts);
  const credits = useMyCredits();
  return (
    <section className="container py-3" style={{ maxWidth: '60rem' }}>
      <div className="d-flex justify-content-between align-items-baseline">
        <h1 className="h3">{t('yourCredits')}</h1>
        <div className="d-flex gap-2 align-items-center">
          <Link to={paths.myOrders}>{t('myOrders')}</Link>
          <BuyPackageButton />
        </div>
      </div>
      {credits.isPending && credits.fetchStatus !== 'idle' ? <Spinner /> : null}
      {credits.data ? (
        <>
          <BalanceCard summary={credits.data} />
          <PackagesTable summary={credits.data} />
        </>
      ) : null}
      <LedgerTable userId={null} />
    </section>
  );
}
