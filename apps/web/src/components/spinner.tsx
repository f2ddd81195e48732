// A centred spinner for screens or route chunks that are still loading.
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
