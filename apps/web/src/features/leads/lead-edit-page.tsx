// Lead edit (dealers/lead/edit/{id}, spec §2.5, Admin; lazy-loaded): placeholder until the lead edit screen lands.
import { useParams } from 'react-router';

export function LeadEditPage() {
  const { id } = useParams();
  return (
    <section className="container py-3">
      <h1 className="h3">Edit Lead</h1>
      <p className="text-muted">Lead {id} will be editable here.</p>
    </section>
  );
}
