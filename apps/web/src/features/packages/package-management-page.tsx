// Package management (dealers/packages, spec §2.11, Admin; lazy-loaded): placeholder until the package screen lands.
export function PackageManagementPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">Package Management</h1>
      <p className="text-muted">Packages are coming soon.</p>
    </section>
  );
}
