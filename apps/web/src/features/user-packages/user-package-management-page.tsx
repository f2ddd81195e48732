// User package management (dealers/user-packages, spec §2.12, Admin; lazy-loaded): placeholder until that screen lands.
export function UserPackageManagementPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">User Package Management</h1>
      <p className="text-muted">User packages are coming soon.</p>
    </section>
  );
}
