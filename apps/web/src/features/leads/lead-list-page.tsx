// Lead list (dealers/leads, spec §2.3): placeholder until the lead list screen lands.
export function LeadListPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">Leads</h1>
      <p className="text-muted">The lead list is coming soon.</p>
    </section>
  );
}
