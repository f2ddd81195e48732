// Lead submission wizard (lead-form, spec §2.6; lazy-loaded): placeholder until the wizard lands.
export function LeadFormPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">Sell your car</h1>
      <p className="text-muted">The eight-step lead form is coming soon.</p>
    </section>
  );
}
