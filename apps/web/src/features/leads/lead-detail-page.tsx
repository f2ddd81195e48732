// Lead detail (leads/{id}, spec §2.4): placeholder until the lead detail screen lands.
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';

export function LeadDetailPage() {
  const { id } = useParams();
  return (
    <section className="container py-3">
      <h1 className="h3">Lead Details</h1>
      <p className="text-muted">Lead {id} will be shown here.</p>
      <Link to={paths.leads} className="btn btn-outline-primary">
        Back to Leads
      </Link>
    </section>
  );
}
