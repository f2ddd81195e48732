// Whether the last API request reached the server: false after a network failure or an answer the service worker took
// from its offline copy. Kept this small because the API client (in the first download) reports to it; the offline
// banner (app/layout/status-banners.tsx) adds the browser's online flag.

let reachable = true;
const listeners = new Set<() => void>();

/** The last request reached the server (true) or not (false). */
export function reportReachable(ok: boolean): void {
  if (reachable === ok) return;
  reachable = ok;
  listeners.forEach((listener) => listener());
}

export function serverReachable(): boolean {
  return reachable;
}

export function onReachableChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
