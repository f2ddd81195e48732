// Shown when a screen crashes or its code cannot be downloaded (e.g. after a new release): offers a reload.
import { useRouteError } from 'react-router';
import { paths } from '../../config/paths';

export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="container py-5 text-center">
      <h1 className="h3">Something went wrong</h1>
      <p className="text-muted">Please reload the page and try again.</p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href={paths.root} className="btn btn-outline-primary">
          Home Page
        </a>
      </div>
    </section>
  );
}
