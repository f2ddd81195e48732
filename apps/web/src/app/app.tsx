// Placeholder home until the web shell lands.
export function App() {
  return (
    <main>
      <h1>DealerLeads</h1>
      <p>Premium used-car leads at your fingertip.</p>
    </main>
  );
}
