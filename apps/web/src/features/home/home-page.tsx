// Home (dealers, and any unknown path; docs/screens.md): the welcome page with Register and Leads, and for owners 'Sell your car'.
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function HomePage() {
  return (
    <section className="container py-5 text-center home-hero">
      <h1 className="display-6 fw-semibold">Welcome to DealerLeads</h1>
      <p className="lead my-4">Premium used-car leads, right at your fingertip.</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={paths.register} className="btn btn-primary btn-lg">
          Register
        </Link>
        <Link to={paths.leads} className="btn btn-outline-primary btn-lg">
          Leads
        </Link>
      </div>
      <p className="mt-4 mb-0">
        Selling your car?{' '}
        <Link to={paths.leadForm} className="fw-semibold">
          Sell your car
        </Link>{' '}
        to verified dealers in Delhi NCR.
      </p>
    </section>
  );
}
