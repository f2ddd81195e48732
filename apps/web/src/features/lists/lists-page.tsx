// Lists (dealers/lists, docs/screens.md): a placeholder screen in the product too.
export function ListsPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">Lists</h1>
      <p className="text-muted">Nothing here yet.</p>
    </section>
  );
}
