// Member list (dealers/members, spec §2.10, Admin; lazy-loaded): placeholder until the member screens land.
export function MemberListPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">Members</h1>
      <p className="text-muted">The member directory is coming soon.</p>
    </section>
  );
}
