// Not found (not-found, docs/screens.md): where a 404 answer from the API lands.
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <section className="container py-5 text-center">
      <h1 className="h2">Not Found</h1>
      <p className="text-muted">What you were looking for does not exist.</p>
      <Link to={paths.root} className="btn btn-primary">
        Home Page
      </Link>
    </section>
  );
}
