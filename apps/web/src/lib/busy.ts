// The busy indicator of docs/rules.md: a counter of pending requests; the 'Loading...' overlay shows while it is above zero.
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function beginRequest(): void {
  pending += 1;
  emit();
}

export function endRequest(): void {
  pending = Math.max(0, pending - 1);
  emit();
}

/** Tests: forget requests an earlier test left under way. */
export function resetBusy(): void {
  pending = 0;
}

export function getPendingRequests(): number {
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useIsBusy(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
