// The nav bar's credit balance for a logged-in dealer, linking to their credits screen.
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useMyCredits } from '../../lib/my-credits';
import { shellTexts } from '../../i18n/en/shell';
import { useT } from '../../i18n/runtime';

export function NavBalance() {
  const t = useT(shellTexts);
  const { data } = useMyCredits();
  if (!data) return null;
  const unlimited = data.unlimitedUntil !== null;
  return (
    <Link
      to={paths.credits}
      className="btn btn-sm btn-light me-1 nav-balance text-nowrap"
      title={t('yourCredits')}
      data-testid="nav-balance"
    >
      <i className="bi bi-coin me-1" aria-hidden="true" />
      {unlimited ? t('unlimited') : data.balance}
      {/* A phone's narrow bar shows the number alone (styles.css); the word stays for assistive technology. */}
      {unlimited ? null : <span className="nav-balance-unit">{t('creditsUnit')}</span>}
    </Link>
  );
}
