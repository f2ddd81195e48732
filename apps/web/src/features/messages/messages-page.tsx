// Messages (dealers/messages, docs/screens.md): a placeholder screen in the product too.
export function MessagesPage() {
  return (
    <section className="container py-3">
      <h1 className="h3">Messages</h1>
      <p className="text-muted">Nothing here yet.</p>
    </section>
  );
}
