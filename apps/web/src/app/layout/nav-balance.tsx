// The nav bar's credit balance for a logged-in dealer, linking to their credits screen.
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useMyCredits } from '../../lib/my-credits';

export function NavBalance() {
  const { data } = useMyCredits();
  if (!data) return null;
  const text = data.unlimitedUntil !== null ? 'Unlimited' : `${data.balance} credits`;
  return (
    <Link
      to={paths.credits}
      className="btn btn-sm btn-light me-2 nav-balance"
      title="Your credits"
      data-testid="nav-balance"
    >
      <i className="bi bi-coin me-1" aria-hidden="true" />
      {text}
    </Link>
  );
}
