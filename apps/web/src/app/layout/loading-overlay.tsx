// The 'Loading...' spinner overlay (docs/screens.md): visible while any request is pending.
import { useIsBusy } from '../../lib/busy';

export function LoadingOverlay() {
  const busy = useIsBusy();
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="spinner-border text-light" aria-hidden="true" />
      <span className="mt-2">Loading...</span>
    </div>
  );
}
